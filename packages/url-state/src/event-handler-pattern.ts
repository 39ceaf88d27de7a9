// The 163 HTML event-handler attribute names of fixtures/hostile-input/event-handler-names.txt
// (PayloadsAllTheThings, MIT, (c) 2019 Swissky), stored without their leading "on" and joined
// with "|" so that they cost about 0.7 KB min+gzip. `event-handler-pattern.test.ts` checks that
// this list and the fixture hold exactly the same names.
const ON_NAMES =
  'abort|activate|afterprint|afterscriptexecute|afterupdate|animationcancel|animationend|animationiteration|animationstart|auxclick|beforeactivate|beforecopy|beforecut|beforedeactivate|beforeeditfocus|beforeinput|beforepaste|beforeprint|beforescriptexecute|beforetoggle|beforeunload|beforeupdate|begin|blur|bounce|canplay|canplaythrough|cellchange|change|click|close|contextmenu|controlselect|copy|cuechange|cut|dataavailable|datasetchanged|datasetcomplete|dblclick|deactivate|drag|dragdrop|dragend|dragenter|dragexit|dragleave|dragover|dragstart|drop|durationchange|end|ended|error|errorupdate|filterchange|finish|focus|focusin|focusout|formdata|fullscreenchange|hashchange|help|input|invalid|keydown|keypress|keyup|layoutcomplete|load|loadeddata|loadedmetadata|loadstart|losecapture|mediacomplete|mediaerror|message|mousedown|mouseenter|mouseleave|mousemove|mouseout|mouseover|mouseup|mousewheel|move|moveend|movestart|mozfullscreenchange|offline|online|outofsync|pagehide|pageshow|paste|pause|play|playing|pointerdown|pointerenter|pointerleave|pointermove|pointerout|pointerover|pointerrawupdate|pointerup|popstate|progress|propertychange|ratechange|readystatechange|redo|repeat|reset|resize|resizeend|resizestart|resume|reverse|rowdelete|rowexit|rowinserted|rowsenter|scroll|scrollend|search|seek|seeked|seeking|select|selectionchange|selectstart|show|start|stop|storage|submit|suspend|syncrestored|timeerror|timeupdate|toggle|touchend|touchmove|touchstart|trackchange|transitioncancel|transitionend|transitionrun|transitionstart|undo|unhandledrejection|unload|urlflip|volumechange|webkitanimationend|webkitanimationiteration|webkitanimationstart|webkittransitionend|wheel';

let pattern: RegExp | undefined;

/** The names as listed in the fixture (lower case, with their "on"). Internal: used by tests. */
export function eventHandlerNames(): string[] {
  return ['fscommand', 'seeksegmenttime', ...ON_NAMES.split('|').map((name) => `on${name}`)];
}

/**
 * Matches an inline event-handler attribute name followed by `=` (S5.1). HTML attribute names
 * are case-insensitive, so the match is too; the name must not be glued to a preceding letter
 * (`salon=` is not `onload=`) and may be followed by whitespace before the `=`, as HTML allows.
 * Built on first use so that importing the package costs nothing.
 */
export function eventHandlerPattern(): RegExp {
  return (pattern ??= new RegExp(`(?<![a-z])(?:on(?:${ON_NAMES})|fscommand|seeksegmenttime)\\s*=`, 'i'));
}

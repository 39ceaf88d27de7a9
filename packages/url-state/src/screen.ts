import { decodeFormComponent } from './form-encoding';

/**
 * The words of the S5.1 screen, case-insensitive, in one regular expression literal (the smallest
 * form in the bundles that carry it):
 * - the script calls `alert(`, `console.log(`, `execCommand` and `document.cookie`;
 * - `javascript` with at least one non-letter between every two letters (`j a v a s c r i p t`),
 *   written out: that compresses better than building it;
 * - an inline event-handler attribute name followed by `=`: not glued to a letter before it
 *   (`salon=` is not `onload=`), whitespace allowed before the `=` as HTML allows. The names are
 *   the 163 of fixtures/hostile-input/event-handler-names.txt (PayloadsAllTheThings, MIT, (c) 2019
 *   Swissky): `fscommand`, `seeksegmenttime`, and the 161 that start with "on", stored without it
 *   inside `on(...)` with common stems factored out: `(mouse|pointer)(down|enter|...)` is
 *   mousedown, mouseenter, ..., pointerdown, ...; `drag(drop|end|...)?` is drag, dragdrop,
 *   dragend, ...; a `?` makes the group before it optional. The order of the alternatives means
 *   nothing to the match: it is the one that compresses best in the filter tree and the theme file.
 *   `screen.test.ts` expands the group back into names and checks that they are exactly the fixture's.
 * Exported for that test only (the package's entry does not export it).
 */
export const SCREEN_WORDS = /alert\(|console\.log\(|execcommand|document\.cookie|j[^a-z]+a[^a-z]+v[^a-z]+a[^a-z]+s[^a-z]+c[^a-z]+r[^a-z]+i[^a-z]+p[^a-z]+t|(?<![a-z])(on(invalid|search|(webkit)?animation(iteration|end|start)|transition(run|cancel|start)|touch(move|end|start)|(move|resize)(end|start)?|(un|re)do|play(ing)?|show|page(show|hide)|canplay(through)?|scroll(end)?|(cue|selection|filter|(moz)?fullscreen|readystate|property|duration|volume|rate|cell|hash|track)?change|resume|row(exit|inserted|senter|delete)|close|blur|losecapture|end(ed)?|(after|before)(update|print|scriptexecute)|click|load(ed(meta)?data|start)?|dataavailable|unhandledrejection|focus(out|in)?|syncrestored|seek(ing|ed)?|(before)?(cut|input|toggle|(de)?activate|paste|unload|copy)|error(update)?|dataset(changed|complete)|urlflip|beforeeditfocus|storage|reverse|pause|popstate|progress|stop|begin|key(down|press|up)|(mouse|pointer)(down|move|out|enter|leave|over|up)|reset|outofsync|dblclick|animationcancel|auxclick|media(error|complete)|formdata|finish|(webkit)?transitionend|drag(exit|enter|leave|over|end|drop|start)?|help|drop|start|select(start)?|abort|suspend|wheel|mousewheel|message|repeat|submit|(off|on)line|pointerrawupdate|contextmenu|bounce|controlselect|time(error|update)|layoutcomplete)|fscommand|seeksegmenttime)\s*=/i;

/**
 * The bad-input screen of S5.1 for a search term or any other raw text. Bad when it holds both
 * `<` and `>`, or more than one of either; `alert(`, `console.log(`, `execCommand` or
 * `document.cookie` (case-insensitive, so `Red Alert(tm)` is bad by design); a letter-spaced
 * `javascript` (at least one non-letter between every two letters: `j a v a s c r i p t`,
 * `J.A.V.A...`, but not `JavaScript` or `Java Script`); or an inline event-handler attribute name
 * from the HTML list followed by `=` (`onerror=`, `ONLOAD =`; not glued to a letter before it).
 * All case-insensitive. A check that throws (for a value that is not a string) counts as bad.
 */
export function isBadInput(value: string): boolean {
  try {
    // "Both < and >, or more than one of either" is exactly "two or more of < and > together".
    return value.split(/[<>]/).length > 2 || SCREEN_WORDS.test(value);
  } catch {
    return true;
  }
}

/**
 * The S5.1 screen for an address (path, query and hash, or any part of them): the text is
 * form-decoded once (`+` as a space, `%XX` escapes decoded, see `decodeFormComponent`) and then
 * screened with {@link isBadInput}. A double-encoded payload therefore passes here, and reads as
 * its once-decoded, inert text (`%3Cb%3E`) in the parsed state. F5.8: a bad URL resets the
 * location (see `readLocation` and the router).
 */
export function isBadUrl(url: string): boolean {
  try {
    return isBadInput(decodeFormComponent(url));
  } catch {
    return true;
  }
}

// The 163 HTML event-handler attribute names of fixtures/hostile-input/event-handler-names.txt
// (PayloadsAllTheThings, MIT, (c) 2019 Swissky). The 161 that start with "on" are stored without
// it, as a regular expression with common stems factored out, so that the list costs about
// 0.5 KB min+gzip instead of 0.6 KB: `(mouse|pointer)(down|enter|...)` is mousedown, mouseenter,
// ..., pointerdown, ...; `drag(drop|end|...)?` is drag, dragdrop, dragend, ...; a `?` makes the
// group before it optional. Only letters, `|`, `(`, `)` and `?` are used, so that
// `eventHandlerNames()` can expand it back into the exact list; `event-handler-pattern.test.ts`
// checks that this expansion and the fixture hold exactly the same names.
const ON_NAMES =
  'abort|(before)?((de)?activate|copy|cut|input|paste|toggle|unload)|(after|before)(print|scriptexecute|update)|beforeeditfocus|' +
  '(webkit)?animation(end|iteration|start)|animationcancel|(webkit)?transitionend|transition(cancel|run|start)|' +
  'auxclick|begin|blur|bounce|canplay(through)?|' +
  '(cell|cue|duration|filter|(moz)?fullscreen|hash|property|rate|readystate|selection|track|volume)?change|' +
  'click|close|contextmenu|controlselect|dataavailable|dataset(changed|complete)|dblclick|' +
  'drag(drop|end|enter|exit|leave|over|start)?|drop|end(ed)?|error(update)?|finish|focus(in|out)?|formdata|help|invalid|' +
  'key(down|press|up)|layoutcomplete|load(ed(meta)?data|start)?|losecapture|media(complete|error)|message|' +
  '(mouse|pointer)(down|enter|leave|move|out|over|up)|mousewheel|pointerrawupdate|(move|resize)(end|start)?|' +
  '(off|on)line|outofsync|page(hide|show)|pause|play(ing)?|popstate|progress|(un|re)do|repeat|reset|resume|reverse|' +
  'row(delete|exit|inserted|senter)|scroll(end)?|search|seek(ed|ing)?|select(start)?|show|start|stop|storage|submit|' +
  'suspend|syncrestored|time(error|update)|touch(end|move|start)|unhandledrejection|urlflip|wheel';

let pattern: RegExp | undefined;

/**
 * Every name a pattern of letters, `|`, `(...)` and `?` matches in full, e.g. `a(b|c)?` gives
 * a, ab and ac. Reads `source` from `at`; stops at an unmatched `)`, returning where it stopped.
 */
function expand(source: string, at = 0): [names: Set<string>, end: number] {
  const names = new Set<string>();
  let branch = new Set(['']);
  for (;;) {
    const char = source[at];
    if (char == undefined || char == ')' || char == '|') {
      for (const name of branch) names.add(name);
      if (char != '|') return [names, at];
      branch = new Set(['']);
      at++;
      continue;
    }
    let part = new Set([char]);
    if (char == '(') {
      [part, at] = expand(source, at + 1);
      if (source[at] != ')') throw new Error(`Unclosed ( in ${source}`);
    }
    at++;
    if (source[at] == '?') {
      part.add('');
      at++;
    }
    branch = new Set([...branch].flatMap((head) => [...part].map((tail) => head + tail)));
  }
}

/** The names as listed in the fixture (lower case, with their "on"). Internal: used by tests. */
export function eventHandlerNames(): string[] {
  return ['fscommand', 'seeksegmenttime', ...[...expand(ON_NAMES)[0]].map((name) => `on${name}`)];
}

/**
 * Matches an inline event-handler attribute name followed by `=` (S5.1). HTML attribute names
 * are case-insensitive, so the match is too; the name must not be glued to a preceding letter
 * (`salon=` is not `onload=`) and may be followed by whitespace before the `=`, as HTML allows.
 * Built on first use so that importing the package costs nothing.
 */
export function eventHandlerPattern(): RegExp {
  return (pattern ??= new RegExp(`(?<![a-z])(on(${ON_NAMES})|fscommand|seeksegmenttime)\\s*=`, 'i'));
}

// The 163 HTML event-handler attribute names of fixtures/hostile-input/event-handler-names.txt
// (PayloadsAllTheThings, MIT, (c) 2019 Swissky). The 161 that start with "on" are stored without
// it, as a regular expression with common stems factored out, so that the list costs about
// 0.5 KB min+gzip instead of 0.6 KB: `(mouse|pointer)(down|enter|...)` is mousedown, mouseenter,
// ..., pointerdown, ...; `drag(drop|end|...)?` is drag, dragdrop, dragend, ...; a `?` makes the
// group before it optional. Only letters, `|`, `(`, `)` and `?` are used, so that
// `eventHandlerNames()` can expand it back into the exact list; `event-handler-pattern.test.ts`
// checks that this expansion and the fixture hold exactly the same names. The order of the
// alternatives means nothing to the match: it is the one that compresses best inside the bundles
// that carry it (about 50 bytes less min+gzip than alphabetical, in the filter tree and the theme file).
const ON_NAMES =
  'bounce|search|(webkit)?animation(iteration|end|start)|click|urlflip|touch(move|end|start)|(move|resize)(end|start)?|' +
  'transition(cancel|run|start)|animationcancel|canplay(through)?|' +
  '(cell|cue|selection|filter|(moz)?fullscreen|readystate|property|track|volume|rate|duration|hash)?change|resume|' +
  'row(exit|inserted|senter|delete)|close|dataset(changed|complete)|error(update)?|invalid|drop|end(ed)?|' +
  '(before)?(toggle|cut|input|(de)?activate|paste|unload|copy)|losecapture|pause|dataavailable|unhandledrejection|' +
  'focus(out|in)?|scroll(end)?|syncrestored|seek(ed|ing)?|(after|before)(scriptexecute|print|update)|' +
  'time(error|update)|blur|help|beforeeditfocus|storage|reverse|pointerrawupdate|progress|stop|begin|' +
  'key(down|press|up)|(mouse|pointer)(down|out|move|enter|leave|over|up)|dblclick|media(error|complete)|' +
  'drag(drop|end|enter|leave|over|exit|start)?|play(ing)?|(un|re)do|load(ed(meta)?data|start)?|formdata|layoutcomplete|' +
  'finish|(webkit)?transitionend|auxclick|message|submit|start|select(start)?|mousewheel|abort|suspend|wheel|' +
  'page(hide|show)|(on|off)line|outofsync|popstate|contextmenu|show|reset|controlselect|repeat';

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

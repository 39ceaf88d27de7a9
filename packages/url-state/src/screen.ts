import { eventHandlerPattern } from './event-handler-pattern';
import { decodeFormComponent } from './form-encoding';

/**
 * The script calls, and `javascript` with at least one non-letter between every two letters
 * (`j a v a s c r i p t`), written out: that compresses better than building it.
 */
const SCRIPT_WORDS =
  /alert\(|console\.log\(|execcommand|document\.cookie|j[^a-z]+a[^a-z]+v[^a-z]+a[^a-z]+s[^a-z]+c[^a-z]+r[^a-z]+i[^a-z]+p[^a-z]+t/i;

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
    return value.split(/[<>]/).length > 2 || SCRIPT_WORDS.test(value) || eventHandlerPattern().test(value);
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

// Language analysers: how a locale's words are stemmed and which are stop words. Words are split
// and folded the same way for every language (text.ts tokenize); the text index and the query
// both go through the analyser, so the catalog's and the shopper's words meet in the same form.
import { stemmer } from 'stemmer';

export interface Analyzer {
  /** BCP 47 tag of the language this analyser is for (`en`). */
  readonly locale: string;
  /** The stem of a folded word, or the word itself (plurals and inflections meet: chargers -> charger). */
  stem(word: string): string;
  /** Words a query never has to match (and/or/the ...); they still count when they do. */
  isStopWord(word: string): boolean;
}

export interface AnalyzerInit {
  locale: string;
  stem?: (word: string) => string;
  stopWords?: Iterable<string>;
}

/** An analyser from a stemmer and stop words (both optional: no stemming, no stop words). */
export function createAnalyzer(init: AnalyzerInit): Analyzer {
  const stop = new Set(init.stopWords ?? []);
  const stem = init.stem ?? ((w: string) => w);
  return {
    locale: init.locale,
    stem,
    isStopWord: (w) => stop.has(w),
  };
}

/** Common English function words. Short on purpose: "top", "case", "back" are product words. */
const ENGLISH_STOP_WORDS = [
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'for', 'from', 'i', 'in', 'is', 'it', 'its',
  'me', 'my', 'of', 'on', 'or', 'our', 'so', 'that', 'the', 'their', 'these', 'this', 'those',
  'to', 'was', 'we', 'were', 'what', 'which', 'with', 'you', 'your',
];

/**
 * Porter's stemmer (the `stemmer` package) for words of letters only, of at least 3 letters;
 * words with digits (SKUs, sizes, "12mp") are left as they are.
 */
function englishStem(word: string): string {
  if (word.length < 3 || !/^[a-z]+$/.test(word)) return word;
  return stemmer(word);
}

/** English: Porter stemming and a short stop-word list (the default). */
export const englishAnalyzer: Analyzer = createAnalyzer({ locale: 'en', stem: englishStem, stopWords: ENGLISH_STOP_WORDS });

// @vitest-environment jsdom
// Every ts/tsx block of the README runs as a test (scripts/test-utils/readme-example.ts).
import { testReadme } from '../../../scripts/test-utils/readme-example';

testReadme(import.meta.url);

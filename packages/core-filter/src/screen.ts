// The S5.1 bad-input screen lives in @pkg/url-state; re-exported here for terms and URLs.
export { isBadInput } from '@pkg/url-state';

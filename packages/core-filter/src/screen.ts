// The S5.1 bad-input screen lives in @pkg/url-state; re-exported here for terms and addresses.
export { isBadInput, isBadUrl } from '@pkg/url-state';

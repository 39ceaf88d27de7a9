import { useEffect, useLayoutEffect } from 'react';

/**
 * A layout effect in the browser (runs in the same commit as the DOM change, so focus moves
 * before anything else can read it) and a plain effect on the server, where layout effects do
 * not run.
 */
export const useIsoLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

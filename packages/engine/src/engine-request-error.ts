import type { WireError } from '@pkg/core-filter';

/**
 * A request the engine refuses: bad parameters, too many values, an unknown route. `handle()` turns
 * it into a JSON answer `{ error, message, param }` with its status; the typed methods throw it.
 */
export class EngineRequestError extends Error {
  override readonly name = 'EngineRequestError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param?: string,
  ) {
    super(`[@pkg/engine] ${message}`);
  }

  toWire(): WireError {
    const out: WireError = { error: this.code, message: this.message };
    if (this.param !== undefined) out.param = this.param;
    return out;
  }
}

export function badParam(param: string, message: string, code = 'invalid_parameter'): EngineRequestError {
  return new EngineRequestError(400, code, message, param);
}

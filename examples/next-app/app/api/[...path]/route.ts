// The shop's API (filter, search, suggest): the engine answers the same calls the hosted service does.
import { engineFetch } from '../../../lib/engine';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return engineFetch(new URL(request.url));
}

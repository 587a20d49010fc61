import type { ZerlegungRequest, ZerlegungResponse } from '@gewst/domain';
import { api } from './client';

/** Server-side calculators (the server result is authoritative; screens may preview locally). */
export const calculateZerlegung = (input: ZerlegungRequest) =>
  api.post<ZerlegungResponse>('calculations/zerlegung', input);

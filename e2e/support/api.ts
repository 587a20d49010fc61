import type { DocumentDetail } from '@gewst/domain';
import { fetchHttp, obtainTokens } from '../../apps/server/src/idp/token-flow';

/** Talks to the running server like a script would: real sign-in flow, then bearer calls. */
export async function apiToken(baseUrl: string, username: string): Promise<string> {
  const tokens = await obtainTokens({
    baseUrl,
    username,
    password: username,
    http: fetchHttp(baseUrl),
  });
  return tokens.access_token;
}

export async function api<T = unknown>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Uploads one PDF for a company like the upload area does; returns the new document's id. */
export async function uploadDocument(
  baseUrl: string,
  token: string,
  companyId: number,
  name: string,
  pdf: Uint8Array,
): Promise<number> {
  const form = new FormData();
  form.append('company_id', String(companyId));
  form.append('files', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), name);
  const res = await fetch(`${baseUrl}/api/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`Upload ${name}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { results: { document_id: number }[] }).results[0]!.document_id;
}

/** Uploads one PDF and waits (up to two minutes) until it is read and waits for review; returns its detail. */
export async function uploadForReview(
  baseUrl: string,
  token: string,
  companyId: number,
  name: string,
  pdf: Uint8Array,
): Promise<DocumentDetail> {
  const id = await uploadDocument(baseUrl, token, companyId, name, pdf);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const doc = (await api<DocumentDetail>(baseUrl, token, 'GET', `/documents/${id}`)).body;
    if (doc.status === 'zu_pruefen') return doc;
    if (Date.now() > deadline) throw new Error(`${name}: Status ${doc.status}, nicht zu_pruefen`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A new establishment of the company in a municipality, assigned to a document; returns its id. */
export async function assignNewEstablishment(
  baseUrl: string,
  token: string,
  documentId: number,
  ags: string,
  designation: string,
): Promise<number> {
  const md = await api<{ id: number }>(baseUrl, token, 'POST', '/companies/1/masterData', {
    ags,
    designation,
  });
  if (md.status !== 201) throw new Error(`Betriebsstätte: ${md.status} ${JSON.stringify(md.body)}`);
  const assigned = await api(baseUrl, token, 'PUT', `/documents/${documentId}`, {
    master_data_id: md.body.id,
  });
  if (assigned.status !== 200)
    throw new Error(`Zuordnung: ${assigned.status} ${JSON.stringify(assigned.body)}`);
  return md.body.id;
}

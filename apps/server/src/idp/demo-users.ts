import { normaliseUsername } from './brake';

/**
 * Demo accounts of the embedded identity provider (embedded mode only). The password
 * is the username; this provider is switched off as soon as OIDC_ISSUER is set.
 */
export const DEMO_USERS = [
  { username: 'admin', name: 'Anna Admin', email: 'admin@gewst-desk.example', role: 'Administration' },
  {
    username: 'sachbearbeitung',
    name: 'Sven Sachbearbeiter',
    email: 'sachbearbeitung@gewst-desk.example',
    role: 'Sachbearbeitung',
  },
  { username: 'freigabe', name: 'Frieda Freigabe', email: 'freigabe@gewst-desk.example', role: 'Freigabe' },
  { username: 'leser', name: 'Lars Leser', email: 'leser@gewst-desk.example', role: 'Lesen' },
  { username: 'ohne-rechte', name: 'Otto Ohne-Rechte', email: 'ohne-rechte@gewst-desk.example', role: null },
] as const;

export function findDemoUser(username: string) {
  return DEMO_USERS.find((u) => u.username === username) ?? null;
}

export function checkDemoPassword(username: string, password: string) {
  const user = findDemoUser(normaliseUsername(username));
  return user && password === user.username ? user : null;
}

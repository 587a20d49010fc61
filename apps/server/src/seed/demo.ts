import type { Db } from '../db/client';
import { companies } from '../modules/companies';
import { DEMO_USERS } from '../idp/demo-users';
import { seedDemoMasterData } from '../modules/master-data/demo-seed';
import { seedDemoPrepayments } from '../modules/payments/demo-seed';
import * as rolesRepo from '../modules/roles/repo';
import { runOnce } from '../modules/settings';
import * as usersRepo from '../modules/users/repo';

export const DEMO_COMPANIES = [
  {
    name: 'Nordlicht Energie GmbH',
    main_color: '#1264af',
    legal_form: 'kapitalgesellschaft',
    steuernummer: '21/815/08150',
    finanzamt: 'Finanzamt Hamburg-Mitte',
    ags_geschaeftsleitung: '02000000',
    chart_of_accounts: 'SKR04',
  },
  {
    name: 'Südhang Logistik GmbH & Co. KG',
    main_color: '#2e7d32',
    legal_form: 'personengesellschaft',
    steuernummer: '143/201/40012',
    finanzamt: 'Finanzamt München',
    ags_geschaeftsleitung: '09162000',
    chart_of_accounts: 'SKR03',
  },
  {
    name: 'Rheinwerk Handel AG',
    main_color: '#c62828',
    legal_form: 'kapitalgesellschaft',
    steuernummer: '5133/5701/1234',
    finanzamt: 'Finanzamt Köln-Altstadt',
    ags_geschaeftsleitung: '05315000',
    chart_of_accounts: 'SKR04',
  },
] as const;

/**
 * Demo data on first start of an embedded installation: three companies with distinct
 * colours and the demo users with their roles. Runs once (marker in app_settings).
 */
export async function seedDemoData(db: Db): Promise<void> {
  await runOnce(db, 'seed.demo', async (tx) => {
    const existing = await tx.select({ id: companies.id }).from(companies).limit(1);
    if (!existing[0]) await tx.insert(companies).values(DEMO_COMPANIES.map((c) => ({ ...c })));
    for (const demo of DEMO_USERS) {
      const user = await usersRepo.insertUser(tx, {
        username: demo.username,
        name: demo.name,
        email: demo.email,
      });
      if (!user || !demo.role) continue;
      const role = await rolesRepo.findRoleByName(tx, demo.role);
      if (role) await usersRepo.addUserRole(tx, user.id, role.id);
    }
  });
  await seedDemoMasterData(db);
  await seedDemoPrepayments(db);
}

import type { NotificationList } from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import { listNotifications } from '../src/modules/notifications/service';
import { upload } from './documents-support';
import { bearer, useTestApp } from './helpers';

const ctx = useTestApp();

/**
 * In-app notifications: computed per request from the data of the companies a user may see
 * and the objects the user's permissions allow; read flags per user; the setting switches
 * events off at once.
 */
describe('Benachrichtigungen', () => {
  it('notifies reviewers of a document awaiting review, within their companies, marks read and follows the setting', async () => {
    const db = ctx.built.database;
    const admin = bearer(await ctx.token('admin'));
    const clerk = bearer(await ctx.token('sachbearbeitung'));
    const one = async (text: string, params: unknown[] = []) =>
      (await db.query<{ id: number }>(text, params))[0]!.id;
    const [a, b] = await db.query<{ id: number; name: string }>(
      `select id, name from companies order by id limit 2`,
    );

    const docA = await one(
      `insert into documents (company_id, filename, sha256, size, original_path, file_path, status)
       values ($1, 'gewst-2025.pdf', 'x', 10, 'x', 'x', 'zu_pruefen') returning id`,
      [a!.id],
    );
    const failedA = await one(
      `insert into documents (company_id, filename, sha256, size, original_path, file_path, status, error)
       values ($1, 'kaputt.pdf', 'y', 10, 'y', 'y', 'fehler', 'unlesbar') returning id`,
      [a!.id],
    );
    // submitted by the admin: the admin may not approve it (four-eyes), 'freigabe' may
    const sessionB = await one(
      `insert into booking_sessions (company_id, type, status, submitted_at, submitted_by)
       values ($1, 'korrektur', 'eingereicht', now(), (select id from users where username = 'admin')) returning id`,
      [b!.id],
    );

    // 'freigabe' gets every permission but only company B
    const limitedId = await one(`select id from users where username = 'freigabe'`);
    await db.query(
      `insert into user_roles (user_id, role_id) select $1, id from roles where name = 'Administration'
       on conflict do nothing`,
      [limitedId],
    );
    const set = await ctx.inject({
      method: 'PUT',
      url: `/api/users/${limitedId}/companies`,
      headers: admin,
      payload: { company_ids: [b!.id] },
    });
    expect(set.statusCode).toBe(200);
    const limited = bearer(await ctx.token('freigabe'));

    const list = async (headers: Record<string, string>) => {
      const res = await ctx.inject({ method: 'GET', url: '/api/notifications', headers });
      expect(res.statusCode).toBe(200);
      return res.json() as NotificationList;
    };
    const keys = (l: NotificationList) => l.items.map((n) => n.key);

    let mine = await list(clerk);
    const review = mine.items.find((n) => n.key === `review:doc:${docA}`);
    expect(review).toMatchObject({
      event: 'review',
      company_id: a!.id,
      company: a!.name,
      link: `/dokumente/${docA}`,
      read: false,
    });
    expect(review!.text).toContain('gewst-2025.pdf');
    expect(keys(mine)).toContain(`failed:doc:${failedA}`);
    expect(mine.items.length).toBeLessThanOrEqual(100);

    // company A's events never reach a user limited to company B; B's session does
    const theirs = await list(limited);
    expect(theirs.items.every((n) => n.company_id === b!.id)).toBe(true);
    expect(keys(theirs)).toContain(`approval:session:${sessionB}`);
    expect(JSON.stringify(theirs)).not.toContain('gewst-2025.pdf');
    // the submitter does not get the second approval
    expect(keys(await list(admin))).not.toContain(`approval:session:${sessionB}`);
    // without a permission to act on it: no review notification (the reader may not confirm)
    const reader = bearer(await ctx.token('leser'));
    expect(keys(await list(reader))).not.toContain(`review:doc:${docA}`);

    // mark one read: only for this user
    const unread = mine.unread;
    const mark = await ctx.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: clerk,
      payload: { keys: [`review:doc:${docA}`] },
    });
    expect(mark.statusCode).toBe(200);
    expect(mark.json()).toEqual({ marked: 1 });
    mine = await list(clerk);
    expect(mine.items.find((n) => n.key === `review:doc:${docA}`)!.read).toBe(true);
    expect(mine.unread).toBe(unread - 1);
    expect((await list(admin)).items.find((n) => n.key === `review:doc:${docA}`)!.read).toBe(false);

    // validation
    const bad = await ctx.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: clerk,
      payload: { keys: ['nicht-da'] },
    });
    expect(bad.statusCode).toBe(400);
    const badSetting = await ctx.inject({
      method: 'PUT',
      url: '/api/settings/notifications',
      headers: admin,
      payload: { value: { review: true, approval: true, payment_due: true, failed: true, due_days: 0 } },
    });
    expect(badSetting.statusCode).toBe(400);
    expect(JSON.stringify(badSetting.json())).toContain('mindestens 1 Tag');

    // all read
    expect(
      (
        await ctx.inject({
          method: 'POST',
          url: '/api/notifications/read',
          headers: clerk,
          payload: { all: true },
        })
      ).statusCode,
    ).toBe(200);
    mine = await list(clerk);
    expect(mine.unread).toBe(0);
    expect(mine.items.every((n) => n.read)).toBe(true);

    // the setting switches an event off at once
    const off = await ctx.inject({
      method: 'PUT',
      url: '/api/settings/notifications',
      headers: admin,
      payload: { value: { review: false, approval: true, payment_due: true, failed: true, due_days: 14 } },
    });
    expect(off.statusCode).toBe(200);
    mine = await list(clerk);
    expect(keys(mine)).not.toContain(`review:doc:${docA}`);
    expect(keys(mine)).toContain(`failed:doc:${failedA}`);
  });

  it('a refused upload notifies those who may upload in its company, names file and reason, follows the setting', async () => {
    const db = ctx.built.database;
    const admin = bearer(await ctx.token('admin'));
    const clerk = bearer(await ctx.token('sachbearbeitung'));
    const [a] = await db.query<{ id: number }>(`select id from companies order by id limit 1`);
    const res = await upload(ctx, 'sachbearbeitung', a!.id, [
      { name: 'kontoauszug.pdf', content: new TextEncoder().encode('Hallo, ich bin keine PDF.') },
    ]);
    expect(res.statusCode).toBe(415);
    const uploadId = (res.json() as { results: { upload_id: number }[] }).results[0]!.upload_id;
    const key = `refused:upload:${uploadId}`;
    const list = async (headers: Record<string, string>) =>
      (await ctx.inject({ method: 'GET', url: '/api/notifications', headers })).json() as NotificationList;

    const mine = await list(clerk);
    const n = mine.items.find((i) => i.key === key);
    expect(n).toMatchObject({
      event: 'refused',
      company_id: a!.id,
      link: '/service/importe?result=refused',
      read: false,
    });
    expect(n!.text).toMatch(/^Upload abgelehnt: „kontoauszug\.pdf“ ist keine PDF-Datei\./);
    // a user limited to another company (set by the test above) does not see it
    expect((await list(bearer(await ctx.token('freigabe')))).items.map((i) => i.key)).not.toContain(key);
    // the reader may not upload: no notification; read flags work on the new key
    expect((await list(bearer(await ctx.token('leser')))).items.map((i) => i.key)).not.toContain(key);
    const mark = await ctx.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: clerk,
      payload: { keys: [key] },
    });
    expect(mark.json()).toEqual({ marked: 1 });

    // reported for 30 days after the attempt (clock injected)
    const [clerkRow] = await db.query<{ id: number }>(
      `select id from users where username = 'sachbearbeitung'`,
    );
    const viewer = {
      userId: clerkRow!.id,
      permissions: new Set(['read-data', 'add-payment-data'] as const),
      companyIds: null,
    };
    const later = (days: number) => new Date(Date.now() + days * 86_400_000);
    expect((await listNotifications(db.db, viewer, later(29))).items.map((i) => i.key)).toContain(key);
    expect((await listNotifications(db.db, viewer, later(31))).items.map((i) => i.key)).not.toContain(key);

    // switched off in the settings: gone at once
    const off = await ctx.inject({
      method: 'PUT',
      url: '/api/settings/notifications',
      headers: admin,
      payload: {
        value: {
          review: true,
          approval: true,
          payment_due: true,
          failed: true,
          refused: false,
          due_days: 14,
        },
      },
    });
    expect(off.statusCode).toBe(200);
    expect((await list(clerk)).items.map((i) => i.key)).not.toContain(key);
    await ctx.inject({ method: 'DELETE', url: '/api/settings/notifications', headers: admin });
  });

  it('payment due: a printed due date fires in the window; a prepayment without one is due on the quarter’s 15th moved to a working day (clock injected)', async () => {
    const db = ctx.built.database;
    const one = async (text: string, params: unknown[] = []) =>
      (await db.query<{ id: number }>(text, params))[0]!.id;
    const [md] = await db.query<{ id: number; company_id: number; designation: string }>(
      `select id, company_id, designation from master_data order by id limit 1`,
    );
    await db.query(
      `insert into payments (company_id, master_data_id, year) values ($1, $2, 2027) on conflict do nothing`,
      [md!.company_id, md!.id],
    );
    const paymentId = await one(`select id from payments where master_data_id = $1 and year = 2027`, [
      md!.id,
    ]);
    const line = (quartal: number | null, faellig: string | null, betrag: string) =>
      one(
        `insert into payment_lines (payment_id, company_id, master_data_id, year, kind, quartal, betrag, faellig_am, reason)
         values ($1, $2, $3, 2027, 'vorauszahlung', $4, $5, $6, 'Test') returning id`,
        [paymentId, md!.company_id, md!.id, quartal, betrag, faellig],
      );
    // Q1 printed as Fri 19 Feb 2027; Q2 without a date: 15 May 2027 is a Saturday and
    // Mon 17 May is Pfingstmontag (everywhere), so it is due on Tue 18 May 2027.
    const printed = await line(1, '2027-02-19', '1234.50');
    const computed = await line(2, null, '2500.00');
    const [clerkRow] = await db.query<{ id: number }>(
      `select id from users where username = 'sachbearbeitung'`,
    );
    const viewer = { userId: clerkRow!.id, permissions: new Set(['read-data'] as const), companyIds: null };
    const dueAt = async (moment: Date) =>
      (await listNotifications(db.db, viewer, moment)).items.filter((n) =>
        [`payment_due:line:${printed}`, `payment_due:line:${computed}`].includes(n.key),
      );
    const due = (today: string) => dueAt(new Date(`${today}T08:00:00Z`));

    // default window: 14 days
    expect(await due('2027-02-04')).toEqual([]);
    expect(await due('2027-02-05')).toEqual([
      expect.objectContaining({
        key: `payment_due:line:${printed}`,
        event: 'payment_due',
        company_id: md!.company_id,
        at: '2027-02-19',
        link: `/zahlungsdaten/${md!.id}/2027`,
        text: `Zahlung 1.234,50 € für ${md!.designation} fällig am 19.02.2027`,
      }),
    ]);
    expect(await due('2027-02-20')).toEqual([]);
    // 23:30 UTC is 00:30 of the next day in Germany: the window starts and ends a day later
    // (before, it counted UTC days and still reported a line due yesterday)
    expect((await dueAt(new Date('2027-02-04T23:30:00Z'))).map((n) => n.at)).toEqual(['2027-02-19']);
    expect((await dueAt(new Date('2027-02-19T22:59:00Z'))).map((n) => n.at)).toEqual(['2027-02-19']);
    expect(await dueAt(new Date('2027-02-19T23:30:00Z'))).toEqual([]);
    // the nominal 15 May lies in the window of 1 May, the computed due date does not
    expect(await due('2027-05-01')).toEqual([]);
    expect(await due('2027-05-04')).toEqual([
      expect.objectContaining({
        key: `payment_due:line:${computed}`,
        at: '2027-05-18',
        text: `Zahlung 2.500,00 € für ${md!.designation} fällig am 18.05.2027`,
      }),
    ]);
    expect((await due('2027-05-18')).map((n) => n.at)).toEqual(['2027-05-18']);
    expect(await due('2027-05-19')).toEqual([]);
    // paid: gone
    await db.query(`update payment_lines set status = 'bezahlt' where id = $1`, [computed]);
    expect(await due('2027-05-10')).toEqual([]);
  });
});

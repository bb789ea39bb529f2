import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { notHttpAddress } from '@app/contract/url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSetting } from '../src/modules/settings/definitions';
import { readSetting, writeSetting } from '../src/modules/settings/repository';
import { body, createTestApp, operatorKey, post, type TestApp, targets } from './harness';

/**
 * The operator's site settings that hold addresses take only http(s) URLs or paths on this site
 * (issue 12, point 6): `javascript:` and every other scheme are refused on the way in, and the
 * migration clears any such address stored before.
 */
/** A superadmin's API key, made in each suite's beforeAll. */
let operator = '';
const ADDRESS_FIELDS = [
  'service_url',
  'visit_url',
  'h5_url',
  'ios_download_url',
  'ios_download_qrcode',
] as const;
const REFUSED = [
  'javascript:alert(1)',
  ' JavaScript:alert(document.cookie)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://files.example.com/app.apk',
  'mailto:kefu@example.com',
  '//evil.example.com/kefu',
  '/\\evil.example.com',
  'http://',
  'kefu.example.com/chat',
];
const ACCEPTED = [
  'https://kefu.example.com/chat?id=7#top',
  'http://download.example.com/app.apk',
  '/#/boutBallBetInfo?type=4',
  '',
];

describe.each(targets)('site addresses on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
    operator = await operatorKey(t.ctx);
  });
  afterAll(() => t.close());

  const settings = (payload: object) => post(t.app, '/admin/api/settings/site', payload, operator);
  const served = async () => ({
    service: (body(await post(t.app, '/api/getservicerurl')).data as { url: string }).url,
    app: body(await post(t.app, '/api/app')).data as Record<string, string>,
  });

  it('refuses {"service_url":"javascript:alert(1)"} with the field named, and keeps serving the old address', async () => {
    const before = await served();
    expect(body(await settings({ service_url: 'javascript:alert(1)' }))).toEqual({
      code: 400,
      message: notHttpAddress('service_url'),
    });
    expect(await served()).toEqual(before);
  });

  it.each(ADDRESS_FIELDS)(
    'refuses every scheme but http and https in %s, and stores nothing',
    async (field) => {
      const before = await readSetting(t.ctx.db, siteSetting);
      for (const address of REFUSED) {
        const res = await settings({ title: '改过的标题', [field]: address });
        expect(body(res)).toEqual({ code: 400, message: notHttpAddress(field) });
      }
      expect(await readSetting(t.ctx.db, siteSetting)).toEqual(before);
    },
  );

  it.each(ADDRESS_FIELDS)('takes http(s) URLs, paths on this site and empty in %s', async (field) => {
    for (const address of ACCEPTED) {
      expect(body(await settings({ [field]: address })).code).toBe(200);
      expect((await readSetting(t.ctx.db, siteSetting))[field]).toBe(address);
    }
    await settings({ [field]: siteSetting.reference[field] });
  });

  it('serves what the operator set: the service address and the app links', async () => {
    await settings({
      service_url: 'https://kefu.example.com/chat',
      ios_download_url: 'https://dl.example.com/a',
    });
    const now = await served();
    expect(now.service).toBe('https://kefu.example.com/chat');
    expect(now.app.ios_download_url).toBe('https://dl.example.com/a');
  });

  it('the migration clears addresses stored before they were checked, and keeps the good ones', async () => {
    await writeSetting(t.ctx.db, siteSetting, {
      ...siteSetting.reference,
      service_url: 'javascript:alert(1)',
      visit_url: '//evil.example.com',
      h5_url: 'https://m.example.com/',
      ios_download_url: 'data:text/html,x',
      ios_download_qrcode: '/art/app-qr.svg',
    });
    const migration = path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      '../drizzle/0011_site_addresses_http_only.sql',
    );
    await t.ctx.db.execute(sql.raw(fs.readFileSync(migration, 'utf8')));
    expect(await readSetting(t.ctx.db, siteSetting)).toMatchObject({
      service_url: '',
      visit_url: '',
      h5_url: 'https://m.example.com/',
      ios_download_url: '',
      ios_download_qrcode: '/art/app-qr.svg',
      title: siteSetting.reference.title,
    });
  });
});

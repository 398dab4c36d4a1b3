import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { NO_SUCH_MAILBOX } from '../api/smtp-test-server.ts';
import { admin, createUser, signIn, type TestUser } from './accounts.ts';
import { consoleReady } from './admin-console.ts';
import { postAs, query, unique, write } from './community.ts';
import { expect, expectToast, test } from './fixtures.ts';

/**
 * Mail in the browser (docs/owner-guide.md#邮件): the server runs with SMTP_URL pointing at a real SMTP
 * server in the global setup, which writes every mail it takes to E2E_MAIL_DIR. 站点资料's mail panel
 * (state, the owner's address, 发送测试邮件), 邮件队列 with a mail refused for good and 重试, and the
 * personal center's switches. Other specs' comments mail too: each test looks only for its own address.
 */

const auth = () => ({ Authorization: `Bearer ${admin().token}` });

/** Every mail the SMTP server took so far for `address` (parsed). */
async function mailsTo(address: string): Promise<ParsedMail[]> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set (global setup did not run)');
  const all = await Promise.all(
    readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => simpleParser(readFileSync(path.join(dir, f)))),
  );
  const addresses = (m: ParsedMail) =>
    [m.to]
      .flat()
      .flatMap((t) => t?.value ?? [])
      .map((v) => v.address);
  return all.filter((m) => addresses(m).includes(address));
}

/** An account with an address; `confirmed` stands for its owner having followed the link. */
async function withEmail(
  nick: string,
  email: string,
  confirmed = true,
): Promise<TestUser & { email: string }> {
  const user = await createUser({ nick_name: unique(nick) });
  write(
    'UPDATE "user" SET email = ?, email_confirmed = ? WHERE id = ?',
    email,
    confirmed ? email.toLowerCase() : '',
    user.id,
  );
  return { ...user, email };
}

test('站点资料: mail is on, the owner’s address is saved and the test mail arrives there', async ({
  page,
  request,
}) => {
  const owner = `${unique('owner')}@e2e.test`;
  await signIn(page, admin());
  await page.goto('/admin/profile');
  await consoleReady(page, '站点资料');
  const panel = page.getByRole('region', { name: '邮件' });
  await expect(panel.getByText('已开启，发件人：测试博客 <noreply@e2e.test>')).toBeVisible();
  try {
    await panel.getByLabel('站长邮箱').fill(owner);
    await panel.getByRole('button', { name: '保存站长邮箱' }).click();
    await expectToast(page, '修改成功');
    await expect(panel.getByText(`现在：${owner}，未验证`)).toBeVisible();
    await panel.getByRole('button', { name: '发送测试邮件' }).click();
    await expectToast(page, `测试邮件已发送到 ${owner}`);
    await expect.poll(async () => (await mailsTo(owner)).map((m) => m.subject)).toHaveLength(1);
    // The test mail reaching it confirmed the address.
    await expect(panel.getByText(`现在：${owner}，已验证`)).toBeVisible();
  } finally {
    // As found: the blogger's mails go to the admin account's address again.
    const res = await request.post('/api/config/update', { data: { owner_email: '' }, headers: auth() });
    expect((await res.json()).code).toBe(0);
  }
});

test('邮件队列: a mail refused for good is listed with the server’s words, and 重试 tries it again', async ({
  page,
  request,
}) => {
  const gone = await withEmail('旧邮箱', `${unique('gone')}${NO_SUCH_MAILBOX}`);
  const answerer = await createUser({ nick_name: unique('回复者') });
  const top = await postAs(request, gone, '/api/comment/add', {
    type: 1,
    for_id: 2,
    content: unique('收不到'),
  });
  await postAs(request, answerer, '/api/comment/apply', {
    type: 1,
    for_id: 2,
    content: unique('回复'),
    parent_id: top.id,
    to_id: gone.id,
  });
  const failed = () =>
    query<{ id: number; attempts: number }>(
      "SELECT id, attempts FROM mail_outbox WHERE to_addr = ? AND status = 'failed'",
      gone.email,
    );
  await expect.poll(() => failed().length).toBe(1);
  const id = failed()[0].id;
  try {
    await signIn(page, admin());
    await page.goto('/admin/mail');
    await consoleReady(page, '邮件队列');
    // The failed list (the outbox under it lists the mail too, with its state).
    const row = page
      .getByRole('table', { name: '发送失败的邮件' })
      .getByRole('row')
      .filter({ hasText: gone.email });
    await expect(row).toContainText('5.1.1 收件人邮箱不存在');
    await expect(row).toContainText('已尝试 1 次');
    // Marked as tried six times behind the screen's back: only a real retry counts from zero again.
    write('UPDATE mail_outbox SET attempts = 6 WHERE id = ?', id);
    await row.getByRole('button', { name: '重试' }).click();
    await expectToast(page, '已重新排队，稍后发送');
    // Tried again from zero (and refused again, for good): failed after one more attempt.
    await expect.poll(() => failed()[0]?.attempts).toBe(1);
  } finally {
    // As found: no failed mail left in the console's list for the other specs.
    write('DELETE FROM mail_outbox WHERE id = ?', id);
  }
});

test('个人中心: 回复我时发邮件 off stops the reply mail; on again, it comes', async ({ page, request }) => {
  const reader = await withEmail('读者', `${unique('reader')}@e2e.test`);
  const answerer = await createUser({ nick_name: unique('回复者') });
  await signIn(page, reader);
  await page.goto('/userCenter');
  const section = page.getByRole('region', { name: '邮件提醒' });
  await expect(section.getByText(`发送到 ${reader.email}`)).toBeVisible();
  await expect(section.getByText('已验证')).toBeVisible();
  const reply = section.getByRole('checkbox', { name: '回复我时发邮件' });
  await expect(reply).toBeChecked();
  await reply.uncheck();
  await expectToast(page, '已关闭');
  await page.reload();
  await expect(
    page.getByRole('region', { name: '邮件提醒' }).getByRole('checkbox', { name: '回复我时发邮件' }),
  ).not.toBeChecked();

  const top = await postAs(request, reader, '/api/comment/add', {
    type: 1,
    for_id: 2,
    content: unique('我的评论'),
  });
  const answer = (content: string) =>
    postAs(request, answerer, '/api/comment/apply', {
      type: 1,
      for_id: 2,
      content,
      parent_id: top.id,
      to_id: reader.id,
    });
  const first = unique('第一条回复');
  await answer(first);
  // Switched on again, the next reply mails; the first never did (only the second is in the box).
  await page
    .getByRole('region', { name: '邮件提醒' })
    .getByRole('checkbox', { name: '回复我时发邮件' })
    .check();
  await expectToast(page, '已开启');
  const second = unique('第二条回复');
  await answer(second);
  await expect.poll(async () => (await mailsTo(reader.email)).length).toBe(1);
  const [mail] = await mailsTo(reader.email);
  expect(mail.text).toContain(second);
  expect(mail.text).not.toContain(first);
});

test('个人中心: an unconfirmed address says 未验证; 重新发送 mails a link, and following it shows 已验证', async ({
  page,
}) => {
  const reader = await withEmail('新读者', `${unique('fresh')}@e2e.test`, false);
  await signIn(page, reader);
  await page.goto('/userCenter');
  const section = page.getByRole('region', { name: '邮件提醒' });
  await expect(section.getByText('未验证')).toBeVisible();
  await section.getByRole('button', { name: '重新发送' }).click();
  await expectToast(page, `验证邮件已发送到 ${reader.email}`);
  await expect.poll(async () => (await mailsTo(reader.email)).length).toBe(1);
  const [mail] = await mailsTo(reader.email);
  const link = /https?:\/\/\S+\/api\/mail\/confirm\?token=[\w.-]+/.exec(mail.text ?? '')?.[0] ?? '';
  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  await page.getByRole('button', { name: '确认验证' }).click();
  await expect(page.getByText('邮箱验证成功').first()).toBeVisible();
  await page.goto('/userCenter');
  await expect(page.getByRole('region', { name: '邮件提醒' }).getByText('已验证')).toBeVisible();
});

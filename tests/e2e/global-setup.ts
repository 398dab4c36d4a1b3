import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfStale } from '../../src/server/cli/build-if-stale.ts';
import { startSmtpServer } from '../api/smtp-test-server.ts';
import { ROOT, startServer, stopServer } from './server.ts';

/**
 * Builds when needed and starts one seeded server for the browser tests; its URL goes to E2E_URL. Mail
 * is on, to a real SMTP server in this process: every mail it takes is written to E2E_MAIL_DIR
 * (tests/e2e/mail.spec.ts reads them from the workers).
 */
export default async function globalSetup() {
  buildIfStale(ROOT);
  const mailDir = mkdtempSync(path.join(tmpdir(), 'blog-e2e-mail-'));
  const smtp = await startSmtpServer({ saveTo: mailDir });
  const server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: '测试博客 <noreply@e2e.test>' });
  process.env.E2E_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_MAIL_DIR = mailDir;
  return async () => {
    await stopServer(server);
    await smtp.close();
  };
}

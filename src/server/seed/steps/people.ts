import { randomBytes } from 'node:crypto';
import { db } from '../../db/connection.ts';
import { savePageHeader, updateConfig } from '../../services/site.ts';
import { createUser, updateOwnInfo, usernameTaken } from '../../services/users.ts';
import { backdate, picturesOf, type SeedContext } from '../context.ts';

/** Step: the admin's demo profile, then the demo users (ids in the order of site.yaml). */
export async function seedUsers(ctx: SeedContext): Promise<void> {
  const pictures = picturesOf(ctx);
  await updateOwnInfo(ctx.adminId, { nick_name: ctx.demo.admin.nick_name, avatar: pictures.adminAvatar });
  ctx.users.set('admin', ctx.adminId);
  for (const [i, u] of ctx.demo.users.entries()) {
    const created = ctx.clock.at(200 - i * 35);
    // The admin may have picked one of these names: never collide with an existing account.
    const username = (await usernameTaken(u.username)) ? `${u.username.slice(0, 10)}_demo` : u.username;
    // Nobody logs in as a demo user: each gets a long random password nobody knows.
    const id = await createUser({
      username,
      password: randomBytes(24).toString('base64url'),
      nick_name: u.nick_name,
      email: u.email,
      role: 2,
      ip: '127.0.0.1',
    });
    await updateOwnInfo(id, { avatar: pictures.userAvatars.get(u.username) ?? '' });
    await backdate('user', id, created);
    ctx.users.set(u.username, id);
  }
}

/** Step: the site config and the page banners. */
export async function seedSite(ctx: SeedContext): Promise<void> {
  const pictures = picturesOf(ctx);
  const { view_time, avatar_initial: _initial, started_days_ago, ...fields } = ctx.demo.site;
  await updateConfig({ ...fields, blog_avatar: pictures.blogAvatar, avatar_bg: pictures.avatarBg });
  // The demo blog has run since before its oldest content: its 运行时间 says so. The visit counter and
  // the start are history no service sets.
  await db
    .updateTable('config')
    .set({ view_time, createdAt: ctx.clock.at(started_days_ago) })
    .where('id', '=', 1)
    .execute();
  for (const banner of pictures.banners) await savePageHeader(banner);
}

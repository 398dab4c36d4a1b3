import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * The schema of every domain of the contract (docs/api/). Text timestamps (ISO) keep SQLite and PostgreSQL
 * alike.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  // Facts about the installation itself (e.g. when the demo content was seeded).
  await db.schema
    .createTable('meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user')
    .addColumn('id', id.type, id.build)
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password', 'text', (c) => c.notNull())
    .addColumn('nick_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('qq', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('config')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('blog_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('blog_avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar_bg', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('personal_say', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('blog_notice', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('qq_link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('we_chat_link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('github_link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('git_ee_link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bilibili_link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('view_time', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('we_chat_group', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('qq_group', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('we_chat_pay', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ali_pay', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('admin_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('page_header')
    .addColumn('id', id.type, id.build)
    .addColumn('route_name', 'text', (c) => c.notNull().unique())
    .addColumn('bg_url', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('category')
    .addColumn('id', id.type, id.build)
    .addColumn('category_name', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('tag')
    .addColumn('id', id.type, id.build)
    .addColumn('tag_name', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('article')
    .addColumn('id', id.type, id.build)
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('article_title', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull().references('user.id'))
    .addColumn('category_id', 'integer', (c) => c.references('category.id').onDelete('set null'))
    .addColumn('article_content', 'text', (c) => c.notNull())
    .addColumn('article_cover', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('article_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_top', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('origin_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('view_times', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('thumbs_up_times', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reading_duration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('article_listing')
    .on('article')
    .columns(['status', 'is_top', 'order', 'createdAt'])
    .execute();
  await db.schema.createIndex('article_category').on('article').column('category_id').execute();

  await db.schema
    .createTable('article_tag')
    .addColumn('article_id', 'integer', (c) => c.notNull().references('article.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tag.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('article_tag_pk', ['article_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('article_tag_tag').on('article_tag').column('tag_id').execute();

  await db.schema
    .createTable('talk')
    .addColumn('id', id.type, id.build)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_top', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('like_times', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('talk_photo')
    .addColumn('id', id.type, id.build)
    .addColumn('talk_id', 'integer', (c) => c.notNull().references('talk.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('talk_photo_talk').on('talk_photo').column('talk_id').execute();

  await db.schema
    .createTable('photo_album')
    .addColumn('id', id.type, id.build)
    .addColumn('album_name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('album_cover', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('photo')
    .addColumn('id', id.type, id.build)
    .addColumn('album_id', 'integer', (c) => c.notNull().references('photo_album.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('photo_album_id').on('photo').column('album_id').execute();

  await db.schema
    .createTable('link')
    .addColumn('id', id.type, id.build)
    .addColumn('site_name', 'text', (c) => c.notNull())
    .addColumn('site_desc', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('site_avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('user_id', 'integer', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('message')
    .addColumn('id', id.type, id.build)
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('color', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('font_size', 'integer', (c) => c.notNull().defaultTo(16))
    .addColumn('font_weight', 'integer', (c) => c.notNull().defaultTo(400))
    .addColumn('bg_color', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bg_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('like_times', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nick_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('message_tag').on('message').column('tag').execute();

  await db.schema
    .createTable('comment')
    .addColumn('id', id.type, id.build)
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('for_id', 'integer', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.references('comment.id').onDelete('cascade'))
    .addColumn('from_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('to_id', 'integer', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('thumbs_up', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comment_target')
    .on('comment')
    .columns(['type', 'for_id', 'parent_id'])
    .execute();
  await db.schema.createIndex('comment_parent').on('comment').column('parent_id').execute();

  await db.schema
    .createTable('like')
    .addColumn('id', id.type, id.build)
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('for_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('user.id').onDelete('cascade'))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('like_user_once')
    .on('like')
    .columns(['type', 'for_id', 'user_id'])
    .unique()
    .where(sql.ref('user_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('like_ip_once')
    .on('like')
    .columns(['type', 'for_id', 'ip'])
    .unique()
    .where(sql.ref('user_id'), 'is', null)
    .execute();

  await db.schema
    .createTable('notify')
    .addColumn('id', id.type, id.build)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('to_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('isView', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notify_user').on('notify').columns(['user_id', 'isView']).execute();

  await db.schema
    .createTable('chat')
    .addColumn('id', id.type, id.build)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull().defaultTo('text'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('bangumi')
    .addColumn('id', id.type, id.build)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_cn', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_episodes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('score', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bangumi_status').on('bangumi').column('status').execute();

  await db.schema
    .createTable('resource')
    .addColumn('id', id.type, id.build)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('desc', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('site')
    .addColumn('id', id.type, id.build)
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('desc', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('todo')
    .addColumn('id', id.type, id.build)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('todo_user').on('todo').column('user_id').execute();
}

/**
 * The Chinese messages services and routes refuse with, written once. docs/product.md and docs/api/ quote
 * several of them: they are the exact texts clients and tests compare, so change one only with the
 * contract. Field rules keep their messages beside the rule (src/lib/validation.ts, the routes' zod
 * schemas).
 */
export const MSG = {
  // Not found (or not shown to this reader)
  article: '文章不存在',
  category: '分类不存在',
  tag: '标签不存在',
  talk: '说说不存在',
  album: '相册不存在',
  photo: '照片不存在',
  link: '友链不存在',
  pendingLink: '待审核的友链不存在',
  guestbookMessage: '留言不存在',
  comment: '评论不存在',
  chatMessage: '消息不存在',
  notify: '消息不存在',
  notifyGone: '消息不存在或已删除',
  todo: '待办事项不存在',
  pageHeader: '背景不存在',
  likeTarget: '点赞的内容不存在',
  user: '用户不存在',
  bangumi: '番剧不存在',
  revision: '历史版本不存在',
  // Someone else's
  forbidden: '权限不足',
  ownLinkOnly: '只能修改自己的友链',
  ownMessageEdit: '只能编辑自己的留言',
  ownMessageDelete: '只能删除自己的留言',
  ownCommentOnly: '只能删除自己的评论',
  ownChatOnly: '只能撤回自己的消息',
  // Conflicts with what is stored
  usernameTaken: '用户名已存在',
  pageHeaderTaken: '该页面已经有背景了',
  alreadyLiked: '已经点过赞了',
  notLiked: '还没有点赞',
  slugTaken: '链接别名已被其他文章使用',
  categoryInUse: '该分类下还有文章，请先修改这些文章的分类',
  tagInUse: '该标签下还有文章，请先把这些文章移到其他标签',
  articleChanged: '文章已在别处（可能是另一个标签页）被修改，请刷新后再保存，或选择覆盖保存',
  articleStatusChanged: '文章状态已变化，请刷新后再试',
  mergeIntoItself: '不能合并到自身',
  moveIntoDeleted: '文章不能移到正在删除的分类或标签',
  guestNameTaken: '该昵称已被注册用户使用，请换一个',
  bloggerAvatar: '不能使用博主的头像',
  // A disabled account: its login (code 100) and any request with its token (401)
  accountDisabled: '该账号已被停用',
  qrExpired: '二维码已过期,请重新获取',
  qrTaken: '该二维码已被其他账号扫描',
  albumTaken: '已经存在相同的相册名称，换一个试试',
  talkInBin: '说说在回收站中，请先恢复',
  talkNotInBin: '只能彻底删除回收站中的说说',
  // An Idempotency-Key (api/idempotency.ts): 422 and 409, not refusals with code 100
  idempotencyMismatch: '同一个 Idempotency-Key 不能用于不同的请求',
  idempotencyBusy: '该请求正在处理中，请稍后再试',
  // Two-factor sign-in
  otpRequired: '请输入两步验证码',
  otpWrong: '两步验证码不正确',
  otpAlreadyOn: '两步验证已经开启，如需更换请先关闭',
  otpNoSetup: '请先获取新的二维码，再输入验证码',
  otpNotOn: '两步验证没有开启',
  otpPasswordWrong: '密码不正确',
  otpBusy: '这个账号的另一次两步验证正在进行，请稍后再试',
  // Bad input
  nothingToChange: '没有需要修改的内容',
  articlePassword: '密码错误',
  needOrigin: '转载或翻译的文章请填写原文链接',
  slugPattern: '链接别名只能包含小写字母、数字和连字符',
  // The disk (or the quota) is full: HTTP 507, nothing stored (core/disk-full.ts)
  diskFullUpload: '存储空间不足，上传失败',
  diskFullBackup: '存储空间不足，备份失败',
  diskFullExport: '存储空间不足，导出失败',
  diskFullSave: '存储空间不足，保存失败',
  diskFullImport: '存储空间不足，导入失败',
  idempotencyKey: 'Idempotency-Key 必须是 1 到 255 个可见的 ASCII 字符',
} as const;

/** A category's or tag's own word, for the messages both share. */
export const termExists = (label: '分类' | '标签') => `${label}已存在`;

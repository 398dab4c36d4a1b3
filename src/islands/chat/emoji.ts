/** The emoji picker's choices (about 90: docs/product.md#chat-room). */
export const EMOJI: readonly string[] = (
  '😀 😃 😄 😁 😆 😅 🤣 😂 🙂 🙃 😉 😊 😇 🥰 😍 🤩 😘 😋 😛 😜 🤪 😝 🤑 🤗 🤭 🤫 🤔 🤐 🤨 😐 ' +
  '😑 😶 😏 😒 🙄 😬 😌 😔 😪 🤤 😴 😷 🤒 🤕 🤢 🤮 🥵 🥶 🥴 😵 🤯 🤠 🥳 😎 🤓 🧐 😕 😟 😮 😲 ' +
  '😳 🥺 😨 😰 😥 😢 😭 😱 😖 😣 😞 😩 😫 🥱 😤 😡 🤬 😈 💀 🤡 👻 🤖 👍 👎 👏 🙏 💪 🤝 🎉 🔥'
).split(' ');

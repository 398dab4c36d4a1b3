/** The emoji picker's choices (SPEC §2: about 90). */
export const EMOJI: readonly string[] = (
  '😀 😃 😄 😁 😆 😅 🤣 😂 🙂 🙃 😉 😊 😇 🥰 😍 🤩 😘 😋 😛 😜 🤪 😝 🤑 🤗 🤭 🤫 🤔 🤐 🤨 😐 ' +
  '😑 😶 😏 😒 🙄 😬 😌 😔 😪 🤤 😴 😷 🤒 🤕 🤢 🤮 🥵 🥶 🥴 😵 🤯 🤠 🥳 😎 🤓 🧐 😕 😟 😮 😲 ' +
  '😳 🥺 😨 😰 😥 😢 😭 😱 😖 😣 😞 😩 😫 🥱 😤 😡 🤬 😈 💀 🤡 👻 🤖 👍 👎 👏 🙏 💪 🤝 🎉 🔥'
).split(' ');

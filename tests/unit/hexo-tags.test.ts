import { describe, expect, it } from 'vitest';
import { hexoTags } from '../../src/server/services/import/hexo-tags.ts';

describe("Hexo's tag plugins as Markdown", () => {
  it('asset_img, img, asset_link and asset_path', () => {
    expect(hexoTags('{% asset_img 截图.png %}')).toBe('![](截图.png)');
    expect(hexoTags('{% asset_img cover.jpg 封面图 %}')).toBe('![封面图](cover.jpg "封面图")');
    expect(hexoTags('{% asset_img "full-width" diagram.png 800 600 "流程图" "alt 文字" %}')).toBe(
      '![alt 文字](diagram.png "流程图")',
    );
    expect(hexoTags('{% img /images/a.png 说明 %}')).toBe('![说明](/images/a.png "说明")');
    expect(hexoTags('下载 {% asset_link 资料.pdf 这份资料 %}。')).toBe('下载 [这份资料](资料.pdf)。');
    expect(hexoTags('<img src="{% asset_path x.png %}">')).toBe('<img src="x.png">');
  });

  it('codeblock and blockquote; other tags and fenced code as written', () => {
    expect(hexoTags('{% codeblock 示例 lang:js %}\nconsole.log(1);\n{% endcodeblock %}')).toBe(
      '```js\nconsole.log(1);\n```',
    );
    expect(hexoTags('{% highlight ruby linenos %}\nputs 1\n{% endhighlight %}')).toBe('```ruby\nputs 1\n```');
    expect(hexoTags('{% blockquote 某人 %}\n第一行\n第二行\n{% endblockquote %}')).toBe('> 第一行\n> 第二行');
    expect(hexoTags('{% note info %}提示{% endnote %}')).toBe('{% note info %}提示{% endnote %}');
    const fenced = '```liquid\n{% asset_img x.png %}\n```';
    expect(hexoTags(`前\n\n${fenced}\n\n{% asset_img y.png %}`)).toBe(`前\n\n${fenced}\n\n![](y.png)`);
  });
});

import { describe, expect, it } from 'vitest';
import { bodyFeatures } from '../../src/lib/body-features.ts';
import { Relinker } from '../../src/server/services/import/uploads.ts';
import { renderMarkdown } from '../../src/server/services/markdown.ts';

/** docs/owner-guide.md#数学公式与图表: math as KaTeX's HTML, mermaid blocks as placeholders. */

describe('math', () => {
  it('renders $…$ inline and $$…$$ as a display formula with KaTeX', async () => {
    const { html } = await renderMarkdown('质能方程 $E=mc^2$。\n\n$$\n\\int_0^1 x\\,dx = \\frac{1}{2}\n$$\n');
    expect(html).toMatch(
      /<span class="katex"><span class="katex-mathml"><math[^>]*>.*<annotation encoding="application\/x-tex">E=mc\^2<\/annotation>/,
    );
    expect(html).toContain('<span class="katex-display">');
    expect(html).toContain('\\frac{1}{2}</annotation>');
    // No raw TeX left as code.
    expect(html).not.toContain('language-math');
    expect(bodyFeatures(html)).toEqual({ math: true, diagram: false });
  });

  it('renders a ```math fence as display math, and a bad command in place without failing', async () => {
    const { html } = await renderMarkdown('```math\na^2+b^2=c^2\n```\n\n坏的 $\\nosuchcommand$ 公式');
    expect(html).toContain('<span class="katex-display">');
    expect(html).toContain('nosuchcommand');
    expect(html).toContain('坏的');
  });

  it('leaves text without dollars alone, and code keeps its dollars', async () => {
    const { html } = await renderMarkdown('普通文字，没有公式。\n\n```sh\necho $HOME $PATH\n```\n\n`$x$`');
    expect(html).not.toContain('katex');
    expect(html).toContain('$HOME');
    expect(bodyFeatures(html)).toEqual({ math: false, diagram: false });
  });

  it('an author cannot fake KaTeX markup or a diagram mark with raw HTML', async () => {
    const { html } = await renderMarkdown(
      '<span class="katex" style="position:fixed">x</span><figure data-diagram>y</figure>',
    );
    expect(bodyFeatures(html)).toEqual({ math: false, diagram: false });
    expect(html).not.toContain('position:fixed');
  });
});

describe('mermaid', () => {
  it('turns a ```mermaid block into a placeholder holding its source as text', async () => {
    const { html } = await renderMarkdown('```mermaid\ngraph TD\n  A[开始] --> B{<b>判断</b>}\n```\n');
    expect(html).toContain(
      '<figure class="diagram" data-diagram=""><pre class="diagram-source">graph TD\n  A[开始] --> B{&#x3C;b>判断&#x3C;/b>}</pre></figure>',
    );
    // Not painted as a code block.
    expect(html).not.toContain('code-block');
    expect(bodyFeatures(html)).toEqual({ math: false, diagram: true });
  });
});

describe('an article imported from the original project', () => {
  it('renders its math and its diagram', async () => {
    // As the original's editor saved it (its viewer loaded mermaid), through the importer's relinking.
    const stored = [
      '## 推导',
      '',
      '设 $f(x)=x^2$，则',
      '',
      '$$',
      "f'(x)=2x",
      '$$',
      '',
      '```mermaid',
      'sequenceDiagram',
      '  浏览器->>服务器: 请求',
      '```',
      '',
      '![图](/upload/2023/a.png)',
    ].join('\n');
    const content = await new Relinker('original', undefined, '/upload/').markdown(stored);
    const { html } = await renderMarkdown(content);
    expect(html).toContain('<span class="katex-display">');
    expect(html).toContain('f(x)=x^2</annotation>');
    expect(html).toContain('<pre class="diagram-source">sequenceDiagram');
    expect(bodyFeatures(html)).toEqual({ math: true, diagram: true });
  });
});

import { describe, expect, it } from 'vitest'

import { parseInline, parseMarkdown, safeHref } from '../../../../../src/features/preview/model/markdown'

describe('the Markdown reader', () => {
  it('reads headings, paragraphs, lists, quotes, fenced code and rules', () => {
    const blocks = parseMarkdown(
      [
        '# Title',
        '',
        'A paragraph',
        'on two lines.',
        '',
        '- one',
        '- two',
        '  carried on',
        '',
        '3. third',
        '4. fourth',
        '',
        '> quoted',
        '',
        '```',
        '<b>kept</b>',
        '```',
        '',
        '---',
      ].join('\n'),
    )
    expect(blocks.map((block) => block.kind)).toEqual([
      'heading',
      'paragraph',
      'list',
      'list',
      'quote',
      'code',
      'rule',
    ])
    expect(blocks[1]).toEqual({
      kind: 'paragraph',
      children: [{ kind: 'text', text: 'A paragraph on two lines.' }],
    })
    expect(blocks[2]).toMatchObject({
      ordered: false,
      items: [[{ text: 'one' }], [{ text: 'two carried on' }]],
    })
    expect(blocks[3]).toMatchObject({ ordered: true, start: 3 })
    expect(blocks[5]).toEqual({ kind: 'code', text: '<b>kept</b>' })
  })

  it('reads code, strong, emphasis and links inline, and keeps HTML as text', () => {
    expect(parseInline('a `<i>` **b** *c* [d](https://example.com) <img src=x>')).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'code', text: '<i>' },
      { kind: 'text', text: ' ' },
      { kind: 'strong', children: [{ kind: 'text', text: 'b' }] },
      { kind: 'text', text: ' ' },
      { kind: 'em', children: [{ kind: 'text', text: 'c' }] },
      { kind: 'text', text: ' ' },
      { kind: 'link', href: 'https://example.com', children: [{ kind: 'text', text: 'd' }] },
      { kind: 'text', text: ' <img src=x>' },
    ])
  })

  it('keeps only web and mail links, and shows an image as its words', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull()
    expect(safeHref(' JAVASCRIPT:alert(1)')).toBeNull()
    expect(safeHref('data:text/html,x')).toBeNull()
    expect(safeHref('mailto:dana@example.com')).toBe('mailto:dana@example.com')
    expect(parseInline('[x](javascript:alert(1))')[0]).toMatchObject({ kind: 'link', href: null })
    expect(parseInline('![a chart](https://tracker.example/pixel.png)')).toEqual([
      { kind: 'text', text: 'a chart' },
    ])
  })

  it('leaves snake_case words alone', () => {
    expect(parseInline('file_name_here')).toEqual([{ kind: 'text', text: 'file_name_here' }])
  })
})

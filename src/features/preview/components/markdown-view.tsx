import { useMemo, type ReactNode } from 'react'

import { parseMarkdown, type Block, type Inline } from '../model/markdown'

/** A Markdown text drawn as a document: React text throughout, so nothing in the file runs. */
export function MarkdownView({ source }: { source: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source])
  return <>{blocks.map(renderBlock)}</>
}

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.kind) {
    case 'heading': {
      const Tag = `h${String(block.level)}` as 'h1'
      return <Tag key={key}>{block.children.map(renderInline)}</Tag>
    }
    case 'paragraph':
      return <p key={key}>{block.children.map(renderInline)}</p>
    case 'list': {
      const items = block.items.map((item, index) => <li key={index}>{item.map(renderInline)}</li>)
      return block.ordered ? (
        <ol key={key} start={block.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      )
    }
    case 'quote':
      return <blockquote key={key}>{block.blocks.map(renderBlock)}</blockquote>
    case 'code':
      return (
        <pre key={key}>
          <code>{block.text}</code>
        </pre>
      )
    case 'rule':
      return <hr key={key} />
  }
}

function renderInline(inline: Inline, key: number): ReactNode {
  switch (inline.kind) {
    case 'text':
      return inline.text
    case 'code':
      return <code key={key}>{inline.text}</code>
    case 'strong':
      return <strong key={key}>{inline.children.map(renderInline)}</strong>
    case 'em':
      return <em key={key}>{inline.children.map(renderInline)}</em>
    case 'link':
      // A link to anything but the web or mail stays its words, with no address.
      return inline.href === null ? (
        <span key={key}>{inline.children.map(renderInline)}</span>
      ) : (
        <a key={key} href={inline.href} target="_blank" rel="noopener noreferrer nofollow">
          {inline.children.map(renderInline)}
        </a>
      )
  }
}

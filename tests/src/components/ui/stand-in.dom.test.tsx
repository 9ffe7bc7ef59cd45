import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DropdownMenu } from 'radix-ui'
import { describe, expect, it } from 'vitest'

import { lazyWithStandIn, type LoadedProps } from '../../../../src/components/ui/lazy-load'
import { MenuButton } from '../../../../src/components/ui/menu'
import { RadixMenuButton } from '../../../../src/components/ui/menu-parts'
import { Select } from '../../../../src/components/ui/select'

/** A part whose code arrives when the test says, as a slow network would bring it. */
function slowPart() {
  let arrive: () => void = () => undefined
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve
  })
  const Part = lazyWithStandIn<{ name: string }>(
    async () => {
      await arrived
      return function Real({ name, defaultOpen }: { name: string } & LoadedProps) {
        return (
          <DropdownMenu.Root defaultOpen={defaultOpen}>
            <DropdownMenu.Trigger asChild>
              <button type="button">{name}</button>
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content aria-label="Real menu">
                <DropdownMenu.Item>Choice</DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        )
      }
    },
    function StandIn({ name, openOnLoad, preload }) {
      return (
        <button
          type="button"
          data-stand-in=""
          onFocus={preload}
          onPointerDown={(event) => {
            openOnLoad(event)
          }}
        >
          {name}
        </button>
      )
    },
  )
  return {
    Part,
    arrive: () =>
      act(async () => {
        arrive()
        await arrived
      }),
  }
}

describe('a part drawn by a stand-in until its code is there', () => {
  it('opens on the press made before its code arrived', async () => {
    const { Part, arrive } = slowPart()
    render(<Part name="Open me" />)
    const button = screen.getByRole('button', { name: 'Open me' })
    fireEvent.pointerDown(button)
    expect(screen.queryByRole('menu')).toBeNull()
    await arrive()
    // The code is there, but the press has not ended: its release must not reach the real part.
    expect(screen.getByRole('button', { name: 'Open me' })).toBe(button)
    fireEvent.pointerUp(button)
    fireEvent.click(button)
    expect(await screen.findByRole('menuitem', { name: 'Choice' })).toBeTruthy()
  })

  it('hands the focus its stand-in held to the real part, which stays closed', async () => {
    const { Part, arrive } = slowPart()
    render(<Part name="Focus me" />)
    act(() => {
      screen.getByRole('button', { name: 'Focus me' }).focus()
    })
    await arrive()
    const real = screen.getByRole('button', { name: 'Focus me' })
    expect(real.getAttribute('aria-haspopup')).toBe('menu')
    expect(document.activeElement).toBe(real)
    expect(screen.queryByRole('menu')).toBeNull()
  })
})

describe('the screen menus and selects', () => {
  it('draw the same closed trigger before and after their code has loaded', () => {
    const entries = [{ key: 'a', label: 'First', onSelect: () => undefined }]
    const button = { className: 'more', 'aria-label': 'More actions for a' }
    const { container, rerender } = render(<MenuButton button={button} entries={entries} />)
    const before = container.querySelector('button')
    expect(before?.getAttribute('aria-haspopup')).toBe('menu')
    expect(before?.getAttribute('data-state')).toBe('closed')
    rerender(<RadixMenuButton button={button} entries={entries} />)
    expect(container.querySelector('button')?.getAttribute('aria-label')).toBe('More actions for a')
    // A select's stand-in shows the chosen option's label, as Radix's trigger does.
    render(
      <Select
        label="Sort by"
        value="b"
        onValueChange={() => undefined}
        options={[
          { value: 'a', label: 'Name' },
          { value: 'b', label: 'Size' },
        ]}
      />,
    )
    expect(screen.getByRole('combobox', { name: 'Sort by' }).textContent).toBe('Size')
  })

  it('open a menu from the keyboard', async () => {
    const user = userEvent.setup()
    MenuButton.preload()
    const entries = [{ key: 'a', label: 'First', onSelect: () => undefined }]
    render(<MenuButton button={{ 'aria-label': 'Menu' }} label="Choices" entries={entries} />)
    await screen.findByRole('button', { name: 'Menu' })
    screen.getByRole('button', { name: 'Menu' }).focus()
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('menuitem', { name: 'First' })).toBeTruthy()
  })
})

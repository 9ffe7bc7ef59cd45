import './people.css'

import { useId, useState, type SyntheticEvent } from 'react'

import { busyButton } from '../../../components/ui/busy-button'
import { Dialog } from '../../../components/ui/dialog'
import { FormError } from '../../../components/ui/form-error'
import { usePendingAction } from '../../../components/ui/use-pending-action'
import { type InvitedPerson, type Person } from '../../../contract/people'
import { INVITE_DAYS } from '../../../contract/people-limits'
import { ROLES, type Role } from '../../../contract/roles'
import { errorMessage } from '../../../lib/api-errors'
import { formatDateTime } from '../../../lib/format-date'
import { changeRole, invitePerson, removePerson, usePeople } from '../api/people'
import { ROLE_WORDS } from '../people-text'
import { OneTimeSecret } from '../../../components/ui/one-time-secret'

interface PeopleDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * The People page (admins): everyone with access, their role, whether they have accepted and when
 * they were last seen; inviting by email and role (the link is shown once, to pass on: the app sends
 * no email), changing a role and removing someone. The server's refusals (the last admin) show in its
 * own words.
 */
export function PeopleDialog({ open, onOpenChange }: PeopleDialogProps) {
  const people = usePeople(open)
  const [invited, setInvited] = useState<InvitedPerson | null>(null)
  const refresh = () => void people.mutate()
  return (
    <Dialog
      open={open}
      onOpenChange={(opened) => {
        // The link is shown once: closed, the page forgets it.
        if (!opened) setInvited(null)
        onOpenChange(opened)
      }}
      wide
      title="People"
      description="Everyone who may sign in to this library, and what their role lets them do."
    >
      <section className="people__section" aria-labelledby="people-list">
        <h3 id="people-list" className="people__heading">
          People
        </h3>
        {people.error && !people.data && (
          <p role="alert">Could not load the people: {errorMessage(people.error, 'Network error')}</p>
        )}
        {people.data?.length === 0 && (
          <p className="people__hint">Nobody yet: only the owner's access token signs in.</p>
        )}
        <ul className="people__list">
          {people.data?.map((person) => (
            <PersonItem key={person.id} person={person} onChanged={refresh} />
          ))}
        </ul>
      </section>
      <section className="people__section" aria-labelledby="people-invite">
        <h3 id="people-invite" className="people__heading">
          Invite someone
        </h3>
        {invited && (
          <OneTimeSecret
            label={`Invitation link for ${invited.email}, as ${invited.role}`}
            value={invited.invite_url}
            note={`Send this link to them yourself: it works once, for ${String(INVITE_DAYS)} days, and you will not see it again.`}
          />
        )}
        <InviteForm
          onInvited={(person) => {
            setInvited(person)
            refresh()
          }}
        />
      </section>
    </Dialog>
  )
}

function InviteForm({ onInvited }: { onInvited: (person: InvitedPerson) => void }) {
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Role>('editor')
  const { pending, error, run } = usePendingAction()
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault()
    await run(async () => {
      onInvited(await invitePerson({ email: email.trim(), role }))
      setEmail('')
    }, 'Could not invite them')
  }
  return (
    <form className="form people__invite" noValidate onSubmit={(event) => void submit(event)}>
      <label className="form__field">
        <span>Email</span>
        <input
          type="email"
          name="invite-email"
          autoComplete="off"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value)
          }}
        />
      </label>
      <RoleSelect label="Role" value={role} onChange={setRole} />
      <FormError error={error} />
      <div className="people__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={email.trim() === ''}
          {...busyButton(pending)}
        >
          {pending ? 'Inviting…' : 'Invite'}
        </button>
      </div>
    </form>
  )
}

function RoleSelect({
  label,
  value,
  onChange,
  busy = false,
}: {
  label: string
  value: Role
  onChange: (role: Role) => void
  /** A change of it is being saved: another is not taken, and the select keeps the focus (`busyButton`). */
  busy?: boolean
}) {
  // Named by its label alone: a select inside a label would be named by the label and its own value.
  const labelId = useId()
  return (
    <label className="form__field">
      <span id={labelId}>{label}</span>
      <select
        aria-labelledby={labelId}
        value={value}
        aria-disabled={busy || undefined}
        onChange={(event) => {
          if (!busy) onChange(event.target.value as Role)
        }}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_WORDS[role]}
          </option>
        ))}
      </select>
    </label>
  )
}

function PersonItem({ person, onChanged }: { person: Person; onChanged: () => void }) {
  const { pending, error, run } = usePendingAction()
  const [confirming, setConfirming] = useState(false)
  const act = async (work: () => Promise<unknown>, fallback: string) => {
    await run(async () => {
      await work()
      onChanged()
    }, fallback)
    setConfirming(false)
  }
  const who = person.name ?? person.email
  const invitedOnly = person.status === 'invited'
  return (
    <li className="people__item" aria-label={who}>
      <div className="people__who">
        <span className="people__name">{who}</span>
        {person.name !== null && <span className="people__email">{person.email}</span>}
      </div>
      <p className="people__meta">
        {invitedOnly ? 'Invited, not yet accepted' : 'Active'}
        {' · '}
        {person.last_seen_at === null ? 'never seen' : `last seen ${formatDateTime(person.last_seen_at)}`}
      </p>
      <div className="people__actions">
        <RoleSelect
          label={`Role of ${who}`}
          value={person.role}
          busy={pending}
          onChange={(role) => void act(() => changeRole(person.id, role), 'Could not change the role')}
        />
        {confirming ? (
          <>
            <button
              type="button"
              className="button button--danger button--small"
              {...busyButton(pending, () => void act(() => removePerson(person.id), 'Could not remove them'))}
            >
              {invitedOnly ? `Withdraw the invitation of ${who}` : `Remove ${who}`}
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => {
                setConfirming(false)
              }}
            >
              Cancel
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={`Remove ${who}`}
            disabled={pending}
            onClick={() => {
              setConfirming(true)
            }}
          >
            Remove
          </button>
        )}
      </div>
      {confirming && <p className="people__hint">Their sessions and API tokens end at once.</p>}
      <FormError error={error} />
    </li>
  )
}

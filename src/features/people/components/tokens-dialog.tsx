import './people.css'

import { useState, type SyntheticEvent } from 'react'

import { busyButton } from '../../../components/ui/busy-button'
import { Dialog } from '../../../components/ui/dialog'
import { FormError } from '../../../components/ui/form-error'
import { usePendingAction } from '../../../components/ui/use-pending-action'
import { type ApiTokenSummary, type CreatedToken } from '../../../contract/people'
import { TOKEN_MAX_DAYS } from '../../../contract/people-limits'
import { ROLE_SCOPES, roleRank, SCOPE_ROLES, TOKEN_SCOPES, type TokenScope } from '../../../contract/roles'
import { useAccess, useCanCall } from '../../../lib/access'
import { errorMessage } from '../../../lib/api-errors'
import { formatDateTime } from '../../../lib/format-date'
import { createToken, revokeToken, useTokens } from '../api/tokens'
import { SCOPE_WORDS } from '../people-text'
import { OneTimeSecret } from '../../../components/ui/one-time-secret'

interface TokensDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * The Tokens page: one's own personal API tokens (an admin may list everyone's), each with its prefix,
 * scope, last use and expiry, revoked at once; and a new token, no wider than one's role, shown whole
 * this once.
 */
export function TokensDialog({ open, onOpenChange }: TokensDialogProps) {
  // Everyone's tokens are an admin's, as the server holds `?all=true` (people's route says who is one).
  const mayListAll = useCanCall('people', 'GET')
  const [all, setAll] = useState(false)
  const everyone = all && mayListAll
  const tokens = useTokens(open, everyone)
  const [created, setCreated] = useState<CreatedToken | null>(null)
  return (
    <Dialog
      open={open}
      onOpenChange={(opened) => {
        // The token is shown once: closed, the page forgets it.
        if (!opened) setCreated(null)
        onOpenChange(opened)
      }}
      wide
      title="API tokens"
      description="Personal tokens for scripts and other tools: each acts as you, within its scope, until it expires or is revoked."
    >
      <section className="people__section" aria-labelledby="tokens-list">
        <h3 id="tokens-list" className="people__heading">
          {everyone ? "Everyone's tokens" : 'Your tokens'}
        </h3>
        {mayListAll && (
          <label className="people__toggle">
            <input
              type="checkbox"
              checked={all}
              onChange={(event) => {
                setAll(event.target.checked)
              }}
            />{' '}
            Show everyone's tokens
          </label>
        )}
        {tokens.error && !tokens.data && (
          <p role="alert">Could not load the tokens: {errorMessage(tokens.error, 'Network error')}</p>
        )}
        {tokens.data?.length === 0 && <p className="people__hint">No tokens yet.</p>}
        <ul className="people__list">
          {tokens.data?.map((token) => (
            <TokenItem
              key={token.id}
              token={token}
              showOwner={everyone}
              onRevoked={() => void tokens.mutate()}
            />
          ))}
        </ul>
      </section>
      <section className="people__section" aria-labelledby="tokens-create">
        <h3 id="tokens-create" className="people__heading">
          Make a token
        </h3>
        {created && (
          <OneTimeSecret
            label={`Token "${created.name}" (${created.scope})`}
            value={created.token}
            note="Copy it now: you will not see it again. Send it as Authorization: Bearer <token>."
          />
        )}
        <CreateTokenForm
          onCreated={(token) => {
            setCreated(token)
            void tokens.mutate()
          }}
        />
      </section>
    </Dialog>
  )
}

/** The scopes one's role allows: a token never acts as more than its owner. */
function useAllowedScopes(): readonly TokenScope[] {
  const { actor } = useAccess()
  const widest = actor === null ? 'admin' : ROLE_SCOPES[actor.role]
  return TOKEN_SCOPES.filter((scope) => roleRank(SCOPE_ROLES[scope]) <= roleRank(SCOPE_ROLES[widest]))
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedToken) => void }) {
  const scopes = useAllowedScopes()
  const [name, setName] = useState('')
  const [scope, setScope] = useState<TokenScope>('read')
  const [days, setDays] = useState('')
  const { pending, error, run } = usePendingAction()
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault()
    await run(async () => {
      const expires = days.trim() === '' ? {} : { expires_in_days: Number(days) }
      onCreated(await createToken({ name: name.trim(), scope, ...expires }))
      setName('')
      setDays('')
    }, 'Could not make the token')
  }
  return (
    <form className="form people__invite" noValidate onSubmit={(event) => void submit(event)}>
      <label className="form__field">
        <span>Name</span>
        <input
          name="token-name"
          autoComplete="off"
          placeholder="CI deploys"
          value={name}
          onChange={(event) => {
            setName(event.target.value)
          }}
        />
      </label>
      <label className="form__field">
        <span>Scope</span>
        <select
          value={scope}
          onChange={(event) => {
            setScope(event.target.value as TokenScope)
          }}
        >
          {scopes.map((each) => (
            <option key={each} value={each}>
              {SCOPE_WORDS[each]}
            </option>
          ))}
        </select>
      </label>
      <label className="form__field">
        <span>Expires after (days, optional)</span>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={TOKEN_MAX_DAYS}
          value={days}
          onChange={(event) => {
            setDays(event.target.value)
          }}
        />
      </label>
      <FormError error={error} />
      <div className="people__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={name.trim() === ''}
          {...busyButton(pending)}
        >
          {pending ? 'Making…' : 'Make token'}
        </button>
      </div>
    </form>
  )
}

function TokenItem({
  token,
  showOwner,
  onRevoked,
}: {
  token: ApiTokenSummary
  showOwner: boolean
  onRevoked: () => void
}) {
  const { pending, error, run } = usePendingAction()
  const revoke = () =>
    run(async () => {
      await revokeToken(token.id)
      onRevoked()
    }, 'Could not revoke the token')
  return (
    <li className="people__item" aria-label={token.name}>
      <div className="people__who">
        <span className="people__name">{token.name}</span>
        <code className="people__email">{token.prefix}…</code>
      </div>
      <p className="people__meta">
        {token.scope}
        {showOwner && ` · ${token.owner.name}`}
        {' · '}
        {token.last_used_at === null ? 'never used' : `last used ${formatDateTime(token.last_used_at)}`}
        {' · '}
        {token.expires_at === null ? 'never expires' : `expires ${formatDateTime(token.expires_at)}`}
      </p>
      <div className="people__actions">
        <button
          type="button"
          className="button button--danger button--small"
          aria-label={`Revoke ${token.name}`}
          {...busyButton(pending, () => void revoke())}
        >
          Revoke
        </button>
      </div>
      <FormError error={error} />
    </li>
  )
}

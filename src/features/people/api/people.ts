import useSWR from 'swr'

import { ENDPOINTS } from '../../../contract/endpoints'
import type { InvitedPerson, Person, PersonInvite } from '../../../contract/people'
import type { Role } from '../../../contract/roles'
import { apiRequest } from '../../../lib/api-client'

export const peopleKey = () => ENDPOINTS.people

function getPeople(): Promise<Person[]> {
  return apiRequest(ENDPOINTS.people, { schema: 'personList' }).then((answer) => answer.people)
}

/** The team, asked for while the People page is open. */
export function usePeople(open: boolean) {
  return useSWR<Person[], Error>(open ? peopleKey() : null, getPeople, { revalidateOnFocus: false })
}

/** Invites someone; the answer's link is the only time the invitation's token is shown. */
export function invitePerson(invite: PersonInvite): Promise<InvitedPerson> {
  return apiRequest(ENDPOINTS.people, { method: 'POST', body: invite, schema: 'invitedPerson' })
}

export function changeRole(id: string, role: Role): Promise<Person> {
  return apiRequest(ENDPOINTS.person(id), { method: 'PATCH', body: { role }, schema: 'person' })
}

/** Removes a person, or withdraws an invitation not yet accepted. */
export async function removePerson(id: string): Promise<void> {
  await apiRequest(ENDPOINTS.person(id), { method: 'DELETE', schema: 'nothing' })
}

import { labelProblem } from '../../../contract/labels'

/**
 * A blank title is refused here rather than saved as the API's 'Untitled' (spec section 3), which a
 * person who cleared the field by mistake would not expect.
 */
export const BLANK_TITLE = 'Enter a title.'

/**
 * Why a title cannot be saved, in the server's words where it has them; null when it can. Apart from
 * the form, so that Rename on the first page does not load the Edit form with it.
 */
export function titleProblem(title: string): string | null {
  return title.trim() === '' ? BLANK_TITLE : labelProblem('Title', title)
}

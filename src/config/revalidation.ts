import type { ShouldRevalidateFunctionArgs } from 'react-router-dom';

/**
 * A route whose data depends only on the path (the shell's navigation and footer, a collection)
 * loads nothing again when only the query changes on the same page: a collection's filters, sort,
 * search and tab live in the query and are applied in the view (decision 041). So a keystroke in
 * a collection's search raises no page-loading spinner and its address is drawn at once
 * (decision 070). A form submission that is not a GET revalidates as React Router would.
 */
export function keepDataOnNewQuery({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod && formMethod.toUpperCase() !== 'GET') return defaultShouldRevalidate;
  if (currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { HYDRATION_ELEMENT_ID, readHydration, serializeHydration } from '../../src/services/hydration';

/** The page as the server writes it: the router's state in a JSON script element. */
function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.body.innerHTML = `<div id="root"></div><script type="application/json" id="${HYDRATION_ELEMENT_ID}">${json}</script>`;
  return doc;
}

describe('router state from the server (docs/decisions/025)', () => {
  it('round-trips loader data, and rebuilds route errors as what the views check for', () => {
    const json = serializeHydration({
      loaderData: { root: { navigation: [{ label: 'Rifles' }] }, '0-0-3': null },
      actionData: null,
      errors: {
        '0-0-5': new ErrorResponseImpl(404, 'Not Found', 'Order not found'),
        '0-0-6': new Error('The API is away'),
      },
    });
    const state = readHydration(pageWith(json));
    expect(state?.loaderData).toEqual({ root: { navigation: [{ label: 'Rifles' }] }, '0-0-3': null });
    const notFound = state?.errors?.['0-0-5'];
    expect(isRouteErrorResponse(notFound)).toBe(true);
    expect(notFound).toMatchObject({ status: 404, statusText: 'Not Found', data: 'Order not found' });
    expect(state?.errors?.['0-0-6']).toBeInstanceOf(Error);
    expect((state?.errors?.['0-0-6'] as Error).message).toBe('The API is away');
  });

  it('cannot close its script element: content text with </script> stays data', () => {
    const hostile = '</script><script>window.__ran = true</script><!--';
    const json = serializeHydration({ loaderData: { root: { title: hostile } }, actionData: null, errors: null });
    expect(json).not.toContain('</script>');
    expect(json).not.toContain('<!--');
    const doc = pageWith(json);
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(readHydration(doc)?.loaderData).toEqual({ root: { title: hostile } });
  });

  it('is absent from a page the browser renders alone', () => {
    const doc = document.implementation.createHTMLDocument('page');
    expect(readHydration(doc)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { createUiStore } from '../../src/services/ui-store';

describe('ui store: mobile menu (spec section 4, "Mobile nav")', () => {
  it('opens and closes the mobile menu', () => {
    const ui = createUiStore();
    expect(ui.getSnapshot().context.mobileMenuOpen).toBe(false);
    ui.trigger['menu.open']();
    expect(ui.getSnapshot().context.mobileMenuOpen).toBe(true);
    ui.trigger['menu.close']();
    expect(ui.getSnapshot().context.mobileMenuOpen).toBe(false);
  });

  it('closes the search overlay when the menu opens', () => {
    const ui = createUiStore();
    ui.trigger['search.toggle']();
    ui.trigger['menu.open']();
    expect(ui.getSnapshot().context).toMatchObject({ mobileMenuOpen: true, showSearch: false });
  });

  it('closes the mobile menu, cart panel and search on a route change', () => {
    const ui = createUiStore();
    ui.trigger['menu.open']();
    ui.trigger['search.toggle']();
    ui.trigger['route.changed']();
    expect(ui.getSnapshot().context).toEqual({ cartOpen: false, showSearch: false, mobileMenuOpen: false });
  });
});

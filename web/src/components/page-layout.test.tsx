import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { foldTrail, PageLayout, type Crumb } from './page-layout';

const HOME: Crumb = { label: 'Home', to: '/' };
const SECTION: Crumb = { label: 'Data Management' };
const LIST: Crumb = { label: 'Identifiers', to: '/identifiers' };
const DETAIL: Crumb = { label: 'bank@example.org', to: '/identifiers/1' };

/** Lays the trail out on two lines, as on a phone: the current page below the rest (jsdom lays out nothing). */
function trailOnTwoLines() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const top = this.getAttribute('aria-current') || this.querySelector('[aria-current]') ? 24 : 0;
    return { top, bottom: top + 20, left: 0, right: 100, width: 100, height: 20, x: 0, y: top } as DOMRect;
  });
}

/**
 * Lays the trail out as a phone does for a detail page with a long name: whole, the current page wraps
 * below the rest; with that crumb cut short (the nav's shortened class), all of it fits on one line,
 * the crumb `currentWidth` wide.
 */
function trailFitsShortened(currentWidth: number) {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const isCurrent = Boolean(this.getAttribute('aria-current') || this.querySelector('[aria-current]'));
    const shortened = Boolean(this.closest('.page-layout__trail--shortened'));
    const top = isCurrent && !shortened ? 24 : 0;
    const width = isCurrent && shortened ? currentWidth : 100;
    return { top, bottom: top + 20, left: 0, right: width, width, height: 20, x: 0, y: top } as DOMRect;
  });
}

const USERS: Crumb = { label: 'Users' };
const AUTOMATIONS: Crumb = { label: 'Automations', to: '/automations' };

const crumbs = () =>
  within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/\/\s*$/, '').trim());

describe('foldTrail', () => {
  it('keeps the first and last crumbs, and puts only those that link in the menu', () => {
    expect(foldTrail([HOME, SECTION, LIST, DETAIL])).toEqual({ shown: [HOME, DETAIL], menu: [LIST] });
    expect(foldTrail([HOME, SECTION, LIST])).toEqual({ shown: [HOME, LIST], menu: [] });
    expect(foldTrail([HOME, SECTION])).toEqual({ shown: [HOME, SECTION], menu: [] });
  });
});

describe('the folded trail', () => {
  afterEach(() => vi.restoreAllMocks());

  it('has no menu when nothing between links ("New Identifier": only a section)', () => {
    trailOnTwoLines();
    render(
      <MemoryRouter>
        <PageLayout breadcrumbs={[HOME, SECTION, LIST]} title="New Identifier" />
      </MemoryRouter>,
    );
    // The menu held the section alone, disabled.
    expect(screen.queryByRole('button', { name: 'More of the trail' })).not.toBeInTheDocument();
    expect(crumbs()).toEqual(['Home', 'Identifiers', 'New Identifier']);
  });

  it('offers in its menu only the crumbs between that link, each usable', async () => {
    trailOnTwoLines();
    render(
      <MemoryRouter>
        <PageLayout breadcrumbs={[HOME, SECTION, LIST, DETAIL]} title="Edit" />
      </MemoryRouter>,
    );
    expect(crumbs()).toEqual(['Home', 'More of the trail', 'bank@example.org', 'Edit']);
    await userEvent.click(screen.getByRole('button', { name: 'More of the trail' }));
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Identifiers']);
    expect(items[0]).toBeEnabled();
  });
});

describe('a trail whose current page is long', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps every crumb on its line and cuts the current one short, as a short name shows', () => {
    trailFitsShortened(120);
    render(
      <MemoryRouter>
        <PageLayout breadcrumbs={[HOME, USERS, AUTOMATIONS]} title="Nightly abuse inbox importer" />
      </MemoryRouter>,
    );
    expect(crumbs()).toEqual(['Home', 'Users', 'Automations', 'Nightly abuse inbox importer']);
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveClass(
      'page-layout__trail--shortened',
    );
    expect(screen.queryByRole('button', { name: 'More of the trail' })).not.toBeInTheDocument();
  });

  it('folds when cutting the current crumb short would leave too little of it', () => {
    trailFitsShortened(30);
    render(
      <MemoryRouter>
        <PageLayout breadcrumbs={[HOME, USERS, AUTOMATIONS]} title="Nightly abuse inbox importer" />
      </MemoryRouter>,
    );
    expect(crumbs()).toEqual(['Home', 'Automations', 'Nightly abuse inbox importer']);
  });
});

describe('the page title', () => {
  it('breaks an address in it after the "@" and before dots, keeping its hyphenated pieces whole', () => {
    render(
      <MemoryRouter>
        <PageLayout breadcrumbs={[HOME]} title="Refunds from pay-desk@refund-portal.example" />
      </MemoryRouter>,
    );
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Refunds from pay-desk@refund-portal.example');
    expect(heading.querySelectorAll('wbr')).toHaveLength(2);
    expect(Array.from(heading.querySelectorAll('.email-text__whole'), (part) => part.textContent)).toEqual([
      'pay-desk@',
      'refund-portal',
    ]);
  });
});

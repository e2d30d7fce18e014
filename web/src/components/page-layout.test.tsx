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

import { describe, expect, it } from 'vitest';
import {
  headerBackLink,
  headerVariant,
  hidesHeaderAlerts,
  signedInHeaderParts,
  type BackLinkInput,
} from '../../src/domain/header-navigation';

const idle: BackLinkInput['bulk'] = { mode: 'idle', copyRunning: false, origin: null, approvalOrigin: null };

function input(fields: Partial<BackLinkInput> & Pick<BackLinkInput, 'variant'>): BackLinkInput {
  return { currentPath: '/somewhere', bulk: idle, canGoBack: false, ...fields };
}

describe('which header a page gets', () => {
  it.each([
    ['/', 'default'],
    ['/departments', 'default'],
    ['/departments/properties/d1', 'default'],
    ['/properties/search/Solvej', 'default'],
    ['/activeAssessments', 'default'],
    ['/assessment/p1/a1/screening/001', 'assessment'],
    ['/assessment/p1/a1', 'assessment'],
    ['/residence/p1', 'residence'],
    ['/results/p1/a1', 'results'],
    ['/results/datepicker/p1/a1', 'results'],
    ['/copy', 'copy'],
    ['/copy/p1/a1', 'copy'],
    ['/copied', 'copy'],
    ['/copiedproperties', 'copy'],
    ['/approve', 'approve'],
    ['/approve/confirm', 'approve'],
    ['/approve/confirm/datepicker', 'approve'],
    ['/approvecopied', 'approve'],
    ['/approvecopied/confirm/datepicker/p1', 'approve'],
    ['/approvecopied/confirmation', 'approve'],
    ['/approved', 'approve'],
  ])('%s shows the %s header', (path, variant) => {
    expect(headerVariant(path)).toBe(variant);
  });

  it('matches whole path segments only, not look-alikes or bare prefixes', () => {
    expect(headerVariant('/copyright')).toBe('default');
    expect(headerVariant('/approvals')).toBe('default');
    expect(headerVariant('/residence')).toBe('default');
    expect(headerVariant('/assessment')).toBe('default');
    expect(headerVariant('/constructor')).toBe('default');
    expect(headerVariant('/departments/residence/x')).toBe('default');
  });

  it('hides the service message and organization banner on any path containing /assessment/', () => {
    expect(hidesHeaderAlerts('/assessment/p1/a1/evaluation/004')).toBe(true);
    expect(hidesHeaderAlerts('/residence/p1')).toBe(false);
    expect(hidesHeaderAlerts('/results/p1/a1')).toBe(false);
    expect(hidesHeaderAlerts('/')).toBe(false);
  });
});

describe('the header parts a signed-in page asks for early', () => {
  it.each([
    ['/', ['searchBox', 'organizationBanner', 'takeAlongStatus']],
    ['/departments/properties/$departmentId', ['searchBox', 'organizationBanner', 'takeAlongStatus']],
    ['/properties', ['organizationBanner', 'takeAlongStatus']],
    ['/properties/nearby', ['searchBox', 'organizationBanner', 'takeAlongStatus']],
    ['/residence/$propertyId', ['backLink', 'organizationBanner', 'takeAlongStatus']],
    ['/copy', ['backLink', 'organizationBanner', 'takeAlongStatus']],
    ['/assessment/$propertyId/$assessmentId/$chapter/$questionId', []],
    ['/assessment/$propertyId/$assessmentId', []],
  ])('%s: %j', (path, parts) => {
    expect(signedInHeaderParts(path)).toEqual(parts);
  });
});

describe('the residence back link', () => {
  it('goes back to the list the user came from', () => {
    const link = headerBackLink(
      input({
        variant: 'residence',
        propertyId: 'p1',
        navigationOrigin: '/properties/search/Solvej',
        departmentId: 'd1',
      }),
    );
    expect(link).toEqual({ to: '/properties/search/Solvej', label: 'list' });
  });

  it("without an origin goes to the residence's department", () => {
    expect(headerBackLink(input({ variant: 'residence', propertyId: 'p1', departmentId: 'd 1' }))).toEqual({
      to: '/departments/properties/d%201',
      label: 'department',
    });
  });

  it('waits while the department is not known yet, and goes home when there is none', () => {
    expect(headerBackLink(input({ variant: 'residence', propertyId: 'p1' }))).toBeNull();
    expect(headerBackLink(input({ variant: 'residence', propertyId: 'p1', departmentId: null }))).toEqual({
      to: '/',
      label: 'home',
    });
  });

  it('goes to /copied after a copy completes, but not while the copy job runs', () => {
    const done = { ...idle, mode: 'copyComplete' as const, origin: '/departments/properties/d1' };
    expect(
      headerBackLink(
        input({
          variant: 'residence',
          propertyId: 'p1',
          navigationOrigin: '/activeAssessments',
          departmentId: 'd1',
          bulk: done,
        }),
      ),
    ).toEqual({ to: '/copied', label: 'copied' });
    expect(
      headerBackLink(
        input({
          variant: 'residence',
          propertyId: 'p1',
          departmentId: 'd1',
          bulk: { ...done, copyRunning: true },
        }),
      ),
    ).toEqual({ to: '/departments/properties/d1', label: 'department' });
  });

  it('ignores an origin that is not a path on this site or is the page itself', () => {
    for (const navigationOrigin of ['https://example.com/', '//example.com', '/residence/p1']) {
      expect(
        headerBackLink(
          input({
            variant: 'residence',
            currentPath: '/residence/p1',
            propertyId: 'p1',
            navigationOrigin,
            departmentId: 'd1',
          }),
        ),
      ).toEqual({ to: '/departments/properties/d1', label: 'department' });
    }
  });
});

describe('the results back link (from an assessment)', () => {
  it('goes to the residence', () => {
    expect(headerBackLink(input({ variant: 'results', propertyId: 'p1' }))).toEqual({
      to: '/residence/p1',
      label: 'residence',
    });
  });

  it('goes to /copied after a copy completes', () => {
    const bulk = { ...idle, mode: 'copyComplete' as const, origin: '/departments/properties/d1' };
    expect(headerBackLink(input({ variant: 'results', propertyId: 'p1', bulk }))).toEqual({
      to: '/copied',
      label: 'copied',
    });
  });
});

describe('the generic back link of the copy and approve pages', () => {
  it('prefers the origin handed over in the navigation state', () => {
    const bulk = { ...idle, mode: 'approvalComplete' as const, approvalOrigin: '/departments/properties/d1' };
    expect(
      headerBackLink(
        input({
          variant: 'approve',
          currentPath: '/approve',
          navigationOrigin: '/copied',
          bulk,
          canGoBack: true,
        }),
      ),
    ).toEqual({ to: '/copied', label: 'copied' });
  });

  it('else returns to where the flow started', () => {
    const copying = { ...idle, mode: 'copying' as const, origin: '/departments/properties/d1?street=Solvej' };
    expect(
      headerBackLink(input({ variant: 'copy', currentPath: '/copy', bulk: copying, canGoBack: true })),
    ).toEqual({
      to: '/departments/properties/d1?street=Solvej',
      label: 'back',
    });
    const approving = { ...idle, mode: 'approving' as const, origin: '/x', approvalOrigin: '/copied' };
    expect(
      headerBackLink(input({ variant: 'approve', currentPath: '/approve/confirm', bulk: approving })),
    ).toEqual({
      to: '/copied',
      label: 'copied',
    });
  });

  it('else one step back, else home', () => {
    expect(headerBackLink(input({ variant: 'copy', currentPath: '/copy', canGoBack: true }))).toEqual({
      history: true,
      label: 'back',
    });
    expect(headerBackLink(input({ variant: 'approve', currentPath: '/approved' }))).toEqual({
      to: '/',
      label: 'home',
    });
  });

  it('never points at the page it is on', () => {
    const copied = { ...idle, mode: 'copyComplete' as const, origin: '/copied' };
    expect(headerBackLink(input({ variant: 'copy', currentPath: '/copied', bulk: copied }))).toEqual({
      to: '/',
      label: 'home',
    });
  });
});

// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/http';
import { Route } from '../../src/routes/_signedIn/_withOrganization/assessment/$propertyId.$assessmentId.$chapter.$questionId';
import { fillJsdomGaps, renderPages } from './test-render';

beforeAll(fillJsdomGaps);
afterEach(cleanup);

describe('the assessment form that could not be loaded (docs/product.md 8)', () => {
  it('says assessment.error, not the generic text, with a retry', async () => {
    const AssessmentError = Route.options.errorComponent as ComponentType<ErrorComponentProps>;
    await renderPages('/form', {
      '/form': () => <AssessmentError error={new ApiError(500, 'Boom')} reset={() => {}} />,
    });
    expect(await screen.findByText('Vi kunne ikke hente vurderingen. Prøv igen senere.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prøv igen' })).toBeInTheDocument();
  });
});

// jest-dom's matchers (toBeInTheDocument, toBeVisible, toHaveValue …) on every test's expect.
import '@testing-library/jest-dom/vitest';

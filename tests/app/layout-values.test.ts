import { describe, expect, it } from 'vitest';
import { theme } from '../../src/app/theme';
import { searchBoxWidth } from '../../src/features/residence-search/components/property-search-box';

/** docs/product.md 9: the layout values of the spec. */
describe('layout values', () => {
  it('has the spec’s eight breakpoints, xxs to 3xl, in em of 16 px', () => {
    const px = Object.fromEntries(
      Object.entries(theme.breakpoints!).map(([name, em]) => [name, Math.round(parseFloat(String(em)) * 16)]),
    );
    expect(px).toEqual({ xxs: 321, xs: 360, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1440, '3xl': 1920 });
  });

  it('gives the search box 352 px on the property pages and 288 px elsewhere', () => {
    expect(searchBoxWidth('/departments/properties/d1')).toBe(352);
    expect(searchBoxWidth('/properties/search/8220')).toBe(352);
    expect(searchBoxWidth('/properties/nearby')).toBe(352);
    expect(searchBoxWidth('/')).toBe(288);
    expect(searchBoxWidth('/residence/p1')).toBe(288);
    expect(searchBoxWidth('/activeAssessments')).toBe(288);
  });
});

import { describe, expect, it } from 'vitest';
import { pathAfterCompanySwitch } from './companySwitch';

describe('pathAfterCompanySwitch', () => {
  it("leaves another company's detail pages for their list", () => {
    expect(pathAfterCompanySwitch('/dokumente/12')).toBe('/');
    expect(pathAfterCompanySwitch('/zahlungsdaten/3/2024')).toBe('/zahlungsdaten');
    expect(pathAfterCompanySwitch('/stammdaten/5')).toBe('/stammdaten');
    expect(pathAfterCompanySwitch('/buchungen/9')).toBe('/buchungen');
    expect(pathAfterCompanySwitch('/gewst-zerlegung/4')).toBe('/gewst-zerlegung');
  });
  it('stays on lists and pages that follow the company themselves', () => {
    expect(pathAfterCompanySwitch('/')).toBeNull();
    expect(pathAfterCompanySwitch('/stammdaten/neu')).toBeNull();
    expect(pathAfterCompanySwitch('/service/stand-der-bearbeitung/2024')).toBeNull();
    expect(pathAfterCompanySwitch('/dokumente-archiv/12')).toBeNull();
  });
});

import type { Company, LegalForm } from '@gewst/domain';
import type { CompanyRow } from './repo';

export function presentCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    name: row.name,
    main_color: row.main_color,
    legal_form: row.legal_form as LegalForm,
    steuernummer: row.steuernummer,
    finanzamt: row.finanzamt,
    ags_geschaeftsleitung: row.ags_geschaeftsleitung,
    chart_of_accounts: row.chart_of_accounts as Company['chart_of_accounts'],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * Shapes of the jsonb columns, in the spec's field names (section 3). The
 * domain contracts validate them at the edge; here they only type the rows.
 */
export interface PostalAddress {
  line_1: string;
  line_2?: string | null;
  line_3?: string | null;
  city: string;
  /** Shown as County. */
  state: string;
  postal_code: string;
  /** ISO 3166-1 alpha-3, GBR by default. */
  country: string;
}

export interface PassportDetails {
  document_type: string;
  document_number: string;
  nationality: string;
  place_of_issue: string;
  country_of_residence: string;
  issue_date: string;
  expiry_date: string;
  place_of_birth: string;
  date_of_birth: string;
}

export interface InsuranceDetails {
  company_name?: string | null;
  company_number?: string | null;
  policy_number?: string | null;
  description?: string | null;
  start_date: string;
  expiry_date: string;
  next_of_kin?: string | null;
  next_of_kin_relationship?: string | null;
  emergency_number?: string | null;
}

export interface JoiningInformation {
  joining_text: string;
}

export type CorrespondenceChoice = 'primary_address' | 'alternate_address' | 'in_person';

export interface Correspondence {
  send_to: CorrespondenceChoice;
  alternate_address?: PostalAddress | null;
}

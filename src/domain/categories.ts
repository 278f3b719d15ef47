/**
 * The job category taxonomy. The UUIDs are stable forever: clients store them, so a
 * category is never renumbered; a retired one stays in the list. Seeded by the first
 * migration's data step and served by the `categories` query.
 */
export interface CategoryDef {
  id: string;
  slug: string;
  name: string;
}

export const CATEGORIES: readonly CategoryDef[] = [
  { id: 'd086ce59-27be-4055-b012-6ba4dc19e3c8', slug: 'software-engineering', name: 'Software Engineering' },
  { id: '28a2ded5-f3c2-4fa5-8875-54f6cb187cb9', slug: 'data-science', name: 'Data Science & Analytics' },
  { id: 'fe567ef3-8ca4-4afa-8b0a-8807e5b6da78', slug: 'machine-learning', name: 'Machine Learning & AI' },
  {
    id: 'bb3ea09f-0ffb-4cf9-b07e-3c8b4e2583f7',
    slug: 'devops-infrastructure',
    name: 'DevOps & Infrastructure',
  },
  { id: '14f49001-4f1b-45ce-ad37-a1b70764c325', slug: 'security', name: 'Security' },
  { id: '5ab1e4c3-491c-4319-8e4b-65e468d06ba4', slug: 'qa-testing', name: 'QA & Testing' },
  { id: '4fc4e86c-be1c-4470-b240-320e95b51b5a', slug: 'product-management', name: 'Product Management' },
  { id: 'bbb6d2b8-5311-4ed8-818a-d5022cbeca2b', slug: 'design', name: 'Design' },
  { id: '1d2cb33a-419f-411c-935c-4c4ec19018a3', slug: 'marketing', name: 'Marketing' },
  { id: 'e99b0b56-bd01-43fc-877c-c542bca8a357', slug: 'sales', name: 'Sales' },
  {
    id: '76bc15c3-caea-4821-b4ea-059791412509',
    slug: 'customer-success',
    name: 'Customer Success & Support',
  },
  { id: 'a9dc7d21-7ce7-4336-bdb7-f25f673e8e65', slug: 'finance', name: 'Finance & Accounting' },
  { id: '1395c168-d839-49de-93d9-270a66bc0c2c', slug: 'hr-recruiting', name: 'People & Recruiting' },
  { id: 'ad867309-b75f-4a6e-84df-fed98d602238', slug: 'operations', name: 'Operations' },
  { id: '220b6591-da6a-4b59-b562-8cf0f755e603', slug: 'legal', name: 'Legal & Compliance' },
  { id: '0b358eb8-9fd4-441c-bb63-dca85671f815', slug: 'healthcare', name: 'Healthcare' },
  { id: '35068491-c7ad-4996-977d-6d9aac7bb57b', slug: 'education', name: 'Education' },
  { id: 'da072975-7ace-4237-a0b2-fa22a90365d7', slug: 'hardware-engineering', name: 'Hardware Engineering' },
  { id: '15ba8b74-64c0-44b5-8b47-d58777b33251', slug: 'content-writing', name: 'Content & Writing' },
  { id: '00417299-2458-403d-ad4f-92a07cf74bdb', slug: 'other', name: 'Other' },
];

const bySlug = new Map(CATEGORIES.map((c) => [c.slug, c]));

export function categoryBySlug(slug: string): CategoryDef | undefined {
  return bySlug.get(slug);
}

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Combobox } from './combobox';

const options = [
  { value: '7', label: 'Ann Smith' },
  { value: '8', label: 'Bob Jones' },
];

describe('Combobox markup', () => {
  it('is a labelled ARIA 1.2 combobox that controls a closed listbox', () => {
    const html = renderToStaticMarkup(
      <Combobox id="who" label="Employee" options={options} value={null} onChange={() => {}} emptyText="No employee matches" />,
    );
    expect(html).toContain('<label id="who-label" for="who"');
    expect(html).toContain('role="combobox"');
    expect(html).toContain('aria-autocomplete="list"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('aria-controls="who-listbox"');
    expect(html).toMatch(/<ul[^>]*id="who-listbox"[^>]*role="listbox"[^>]*aria-labelledby="who-label"[^>]*hidden=""/);
    expect(html).not.toContain('aria-activedescendant');
    expect(html).not.toContain('role="option"');
  });

  it("keeps the chosen option's name in the input", () => {
    const html = renderToStaticMarkup(
      <Combobox id="who" label="Employee" options={options} value="8" onChange={() => {}} emptyText="No employee matches" />,
    );
    expect(html).toContain('value="Bob Jones"');
  });

  it('says when it is invalid and what describes it', () => {
    const html = renderToStaticMarkup(
      <Combobox
        id="who"
        label="Employee"
        options={options}
        value={null}
        onChange={() => {}}
        emptyText="No employee matches"
        invalid
        describedBy="who-error"
      />,
    );
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="who-error"');
  });
});

import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { category, categoryNode } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import AddCategoryPage from './add-category-page.js';

const drinks = categoryNode({ _id: 'c-drinks', name: { en: 'Drinks', ku: 'خواردنەوە' } });

describe('add category', () => {
  it('shows the server’s refusal under the name and saves a sub-category under the chosen parent', async () => {
    let attempts = 0;
    const calls = fakeApi(({ method, url, body }) => {
      if (url.pathname === '/api/categories/tree') return { body: [drinks] };
      if (url.pathname === '/api/categories' && method === 'POST') {
        attempts += 1;
        if (attempts === 1)
          return {
            status: 409,
            body: {
              success: false,
              message: 'This category already exists',
              code: 'CONFLICT',
              errors: { 'name.en': { message: 'Already taken' } },
            },
          };
        return {
          status: 201,
          body: {
            success: true,
            data: category({ _id: 'c-tea', name: (body as { name: { en: string; ku: string } }).name, parent: 'c-drinks' }),
          },
        };
      }
      return undefined;
    });
    renderScreen(null, {
      routes: [
        { path: '/inventory/categories/add', element: <AddCategoryPage /> },
        { path: '/inventory/products', element: <p>product list</p> },
      ],
      path: '/inventory/categories/add',
      signedInAs: user({ role: 'manager' }),
    });
    fireEvent.change(await screen.findByTestId('parent-level-0'), { target: { value: 'c-drinks' } });
    fireEvent.change(screen.getByTestId('category-name-en'), { target: { value: 'Tea' } });
    fireEvent.click(screen.getByTestId('category-submit'));
    expect((await screen.findByTestId('form-error')).textContent).toBe('This category already exists');
    expect(screen.getByText('Already taken')).toBeTruthy();
    fireEvent.click(screen.getByTestId('category-submit'));
    expect((await screen.findByTestId('form-success')).textContent).toContain('Returning');
    const saved = calls.filter((c) => c.method === 'POST').at(-1)!;
    expect(saved.body).toMatchObject({ name: { en: 'Tea' }, parent: 'c-drinks', active: true });
  });
});

import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomerDto, ErrorBody } from '@dukan/contracts';
import { customer, paged, refusal } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { CustomersPage } from './customers-page.js';

const shilan = customer({
  _id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Shilan',
  lastName: 'Aziz',
  phone: '+9647501234567',
  email: 'shilan@example.com',
  loyaltyPoints: 120,
  lifetimePoints: 120,
  totalSpent: 1234.5,
  purchaseCount: 3,
  memberSince: '2026-01-02T10:00:00Z',
});
const page = (data: CustomerDto[]) => paged(data);

describe('customers screen', () => {
  it('lists customers with total spent in dollars with 2 decimals', async () => {
    fakeApi(({ url }) => (url.pathname === '/api/customers' ? page([shilan]) : undefined));
    renderScreen(<CustomersPage />, { signedInAs: user({ role: 'admin' }) });
    const row = await screen.findByTestId('customer-row');
    expect(row.textContent).toContain('Shilan Aziz');
    expect(row.textContent).toContain('0750 123 4567'); // kept as +9647501234567, shown the local way
    expect(within(row).getByTestId('customer-total-spent').textContent).toBe('$1,234.50');
    expect(within(row).getByTestId('delete-customer')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    fakeApi(({ url }) => (url.pathname === '/api/customers' ? page([]) : undefined));
    renderScreen(<CustomersPage />);
    expect((await screen.findByTestId('customers-empty')).textContent).toContain('No customers yet');
  });

  it('refuses an invalid phone and email without calling the server, then saves a valid customer', async () => {
    const calls = fakeApi(({ url, method, body }) => {
      if (url.pathname === '/api/customers' && method === 'GET') return page([]);
      if (url.pathname === '/api/customers' && method === 'POST')
        return { status: 201, body: { ...shilan, ...(body as Partial<CustomerDto>) } satisfies CustomerDto };
      return undefined;
    });
    renderScreen(<CustomersPage />);
    fireEvent.click(await screen.findByTestId('add-customer'));
    fireEvent.change(screen.getByTestId('customer-firstName'), { target: { value: 'Shilan' } });
    fireEvent.change(screen.getByTestId('customer-lastName'), { target: { value: 'Aziz' } });
    fireEvent.change(screen.getByTestId('customer-phone'), { target: { value: '0750 123' } });
    fireEvent.change(screen.getByTestId('customer-email'), { target: { value: 'shilan@' } });
    fireEvent.click(screen.getByTestId('customer-save'));
    expect((await screen.findByTestId('error-phone')).textContent).toBe('Please enter a valid phone number');
    expect(screen.getByTestId('error-email').textContent).toBe('Please enter a valid email address');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('customer-phone'), { target: { value: '0750 123 4567' } });
    fireEvent.change(screen.getByTestId('customer-email'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('customer-save'));
    expect((await screen.findByTestId('customer-form-success')).textContent).toContain('Shilan Aziz');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ firstName: 'Shilan', lastName: 'Aziz', phone: '+9647501234567' });
    expect(post.body).not.toHaveProperty('email');
    // The form clears after an add.
    expect((screen.getByTestId('customer-firstName') as HTMLInputElement).value).toBe('');
  });

  const duplicate = (language: 'en' | 'ku') => {
    const text =
      language === 'en'
        ? 'A customer with this phone number already exists: Shilan Aziz'
        : 'کڕیارێک بەم ژمارە تەلەفۆنەوە پێشتر هەیە: Shilan Aziz';
    const answer = refusal(409, 'CONFLICT', text, { phone: text });
    return { ...answer, body: { ...answer.body, existing: { id: shilan._id, name: 'Shilan Aziz' } } };
  };

  it.each(['en', 'ku'] as const)(
    "shows the server's refusal of a phone another customer has under the field (%s), with a link that opens that customer",
    async (language) => {
      fakeApi(({ url, method }) => {
        if (url.pathname === '/api/customers' && method === 'GET') return page([]);
        if (url.pathname === `/api/customers/${shilan._id}` && method === 'GET') return { body: shilan };
        if (method === 'POST') return duplicate(language);
        return undefined;
      });
      renderScreen(<CustomersPage />, { language, signedInAs: user({ role: 'admin' }) });
      fireEvent.click(await screen.findByTestId('add-customer'));
      fireEvent.change(screen.getByTestId('customer-firstName'), { target: { value: 'A' } });
      fireEvent.change(screen.getByTestId('customer-lastName'), { target: { value: 'B' } });
      fireEvent.change(screen.getByTestId('customer-phone'), { target: { value: '+964 750 123 4567' } });
      fireEvent.click(screen.getByTestId('customer-save'));
      expect((await screen.findByTestId('error-phone')).textContent).toBe(duplicate(language).body.message);
      const link = screen.getByTestId('customer-phone-holder');
      expect(link.textContent).toBe(language === 'en' ? 'Open Shilan Aziz' : 'کردنەوەی Shilan Aziz');
      expect(link.getAttribute('href')).toBe(`/customers?open=${shilan._id}`);

      fireEvent.click(link);
      // The form is now Shilan's, her phone shown the local way.
      await waitFor(() => expect((screen.getByTestId('customer-firstName') as HTMLInputElement).value).toBe('Shilan'));
      expect((screen.getByTestId('customer-phone') as HTMLInputElement).value).toBe('0750 123 4567');
      expect(screen.queryByTestId('customer-phone-holder')).toBeNull();
    },
  );

  it('drops the link once the phone is changed, and shows none for a refusal that names nobody', async () => {
    let answer: { status: number; body: ErrorBody } = duplicate('en');
    fakeApi(({ url, method }) => {
      if (url.pathname === '/api/customers' && method === 'GET') return page([]);
      if (method === 'POST') return answer;
      return undefined;
    });
    renderScreen(<CustomersPage />);
    fireEvent.click(await screen.findByTestId('add-customer'));
    fireEvent.change(screen.getByTestId('customer-firstName'), { target: { value: 'A' } });
    fireEvent.change(screen.getByTestId('customer-lastName'), { target: { value: 'B' } });
    fireEvent.change(screen.getByTestId('customer-phone'), { target: { value: '07501234567' } });
    fireEvent.click(screen.getByTestId('customer-save'));
    await screen.findByTestId('customer-phone-holder');
    fireEvent.change(screen.getByTestId('customer-phone'), { target: { value: '07501234568' } });
    expect(screen.queryByTestId('customer-phone-holder')).toBeNull();

    answer = refusal(409, 'CONFLICT', 'A customer with this phone number already exists', {
      phone: 'A customer with this phone number already exists',
    });
    fireEvent.click(screen.getByTestId('customer-save'));
    expect((await screen.findByTestId('error-phone')).textContent).toBe('A customer with this phone number already exists');
    expect(screen.queryByTestId('customer-phone-holder')).toBeNull();
  });

  it('hides add, edit and delete from a user without those permissions', async () => {
    fakeApi(({ url }) => (url.pathname === '/api/customers' ? page([shilan]) : undefined));
    renderScreen(<CustomersPage />, { signedInAs: user({ role: 'cashier', permissions: { customers: ['view'] } }) });
    await screen.findByTestId('customer-row');
    expect(screen.queryByTestId('add-customer')).toBeNull();
    expect(screen.queryByTestId('edit-customer')).toBeNull();
    expect(screen.queryByTestId('delete-customer')).toBeNull();
  });

  it('asks before deleting and shows why a delete failed', async () => {
    const calls = fakeApi(({ url, method }) => {
      if (method === 'DELETE') return refusal(403, 'FORBIDDEN', 'You do not have permission');
      return url.pathname === '/api/customers' ? page([shilan]) : undefined;
    });
    renderScreen(<CustomersPage />, { signedInAs: user({ role: 'admin' }) });
    fireEvent.click(await screen.findByTestId('delete-customer'));
    const dialog = screen.getByTestId('delete-customer-dialog');
    expect(dialog.textContent).toContain('Delete Shilan Aziz?');
    fireEvent.click(within(dialog).getByTestId('confirm'));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('You do not have permission'));
    expect(calls.filter((c) => c.method === 'DELETE')[0]!.path).toBe(`/api/customers/${shilan._id}`);
  });
});

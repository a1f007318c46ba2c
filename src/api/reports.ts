import { call, type ServiceClient } from './http';
import { DashboardResponse, type Dashboard } from './contract/reports';

export async function getDashboard(reports: ServiceClient, days = 30): Promise<Dashboard> {
  return (await call(reports, (k) => k.get('secured/dashboard', { searchParams: { days } }), DashboardResponse)).data;
}

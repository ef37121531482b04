import { PageHeader } from '../../components/ui/page';

export default function EmployeesPage() {
  return <PageHeader title="Employee Management" />;
}

export default function StaffListPage() {
  return null;
}

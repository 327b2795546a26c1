// Placeholder until its feature lands.
export default function AdminPage() {
  return (
    <div className="page">
      <h1>Admin Dashboard</h1>
    </div>
  );
}

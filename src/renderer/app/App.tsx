export function App() {
  return (
    <main>
      <h1>Callscope</h1>
      <p>Sales calls and deals, from the Sales Call Intelligence service.</p>
    </main>
  );
}

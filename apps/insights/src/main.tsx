import { createRoot } from 'react-dom/client';
import { InsightsApp } from './insights-app';
import './insights.css';

const root = document.getElementById('root');
if (root) createRoot(root).render(<InsightsApp />);

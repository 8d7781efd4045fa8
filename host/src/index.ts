// Async boundary: lets Module Federation negotiate shared singletons before any app code runs.
import('./bootstrap');
